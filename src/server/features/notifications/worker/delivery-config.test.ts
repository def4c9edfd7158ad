import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';

describe('delivery configuration', () => {
  it('defaults: worker on, Slack API, no bot token', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ DELIVERY_WORKER: true, CHAT_API_URL: 'https://slack.com/api' });
    expect(config.CHAT_BOT_TOKEN).toBeUndefined();
  });

  it('reads them, dropping a trailing slash from CHAT_API_URL; an empty token means none', () => {
    const config = loadConfig({
      DELIVERY_WORKER: 'false',
      CHAT_API_URL: 'http://chat.internal:8080/api/',
      CHAT_BOT_TOKEN: 'xoxb-1',
    });
    expect(config).toMatchObject({
      DELIVERY_WORKER: false,
      CHAT_API_URL: 'http://chat.internal:8080/api',
      CHAT_BOT_TOKEN: 'xoxb-1',
    });
    expect(loadConfig({ CHAT_BOT_TOKEN: '' }).CHAT_BOT_TOKEN).toBeUndefined();
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ CHAT_API_URL: 'slack.com/api' })).toThrow(
      /CHAT_API_URL: must be an absolute http\(s\) URL/,
    );
    expect(() => loadConfig({ DELIVERY_WORKER: 'sometimes' })).toThrow(/DELIVERY_WORKER/);
  });

  it('never echoes the bot token in an error', () => {
    let error: unknown;
    try {
      // A value the schema refuses (environments only hold strings, but the message must not depend on that).
      loadConfig({ CHAT_BOT_TOKEN: 42 } as unknown as NodeJS.ProcessEnv);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('CHAT_BOT_TOKEN');
    expect((error as Error).message).toContain('[redacted]');
    expect((error as Error).message).not.toContain('42');
  });
});
