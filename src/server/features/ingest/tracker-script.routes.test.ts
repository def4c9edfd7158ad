import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { sendJson } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';

describeApi('GET /v1/websites: the tracker snippet', (ctx) => {
  it("gives each website its public key and the snippet with this server's tracker", async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/websites');
    const [website] = response.json<{ public_key: string; snippet: string }[]>();
    expect(website?.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(website?.snippet).toBe(
      `<script async src="https://app.example.test/t.js" data-key="${website?.public_key}"></script>`,
    );
  });
});

describe('GET /t.js', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tracker-'));
  const trackerFile = path.join(dir, 't.js');
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: ':memory:' });
  const database = openDatabase(':memory:');
  let app: Awaited<ReturnType<typeof buildApp>>;
  const get = (headers: InjectOptions['headers'] = {}) => app.inject({ method: 'GET', url: '/t.js', headers });

  beforeAll(async () => {
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, webRoot: path.join(dir, 'no-web'), trackerFile });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 until the tracker is built', async () => {
    expectError(await get(), 404, { type: 'not_found_error', message: 'build:tracker' });
  });

  it('serves the built tracker as JavaScript with a long cache and an ETag', async () => {
    fs.writeFileSync(trackerFile, '(()=>{})();');
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toMatch(/public, max-age=86400/);
    expect(response.body).toBe('(()=>{})();');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
