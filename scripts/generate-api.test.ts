import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR, generateApi } from './generate-api.ts';

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('the committed API contract', () => {
  it('matches what npm run api:generate produces from the route schemas', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'api-gen-'));
    try {
      await generateApi(fresh);
      const committedClient = path.join(API_DIR, 'client');
      expect(listFiles(path.join(fresh, 'client'))).toEqual(listFiles(committedClient));
      for (const file of [
        'openapi.json',
        'webhook-payload-samples.gen.ts',
        ...listFiles(committedClient).map((name) => path.join('client', name)),
      ]) {
        const expected = fs.readFileSync(path.join(fresh, file), 'utf8');
        const committed = fs.readFileSync(path.join(API_DIR, file), 'utf8');
        expect(committed, `${file} is stale: run npm run api:generate and commit the result`).toBe(expected);
      }
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
