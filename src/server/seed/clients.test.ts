import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../features/ingest/user-agent.ts';
import { pickClient } from './clients.ts';
import { Random } from './random.ts';

describe('seeded clients', () => {
  it('send user agents that the ingest parser reads as the device, OS and browser the seed chose', () => {
    const random = new Random(7);
    for (let i = 0; i < 2000; i += 1) {
      const client = pickClient(random);
      const parsed = parseUserAgent(client.browserDescription);
      expect({
        ua: client.browserDescription,
        device: parsed.device,
        os: parsed.os.name,
        browser: parsed.browser.name,
      }).toEqual({
        ua: client.browserDescription,
        device: client.device,
        os: client.osName,
        browser: client.browserName,
      });
    }
  });
});
