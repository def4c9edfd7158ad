import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
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

describe('GET /t.js and /r.js, compressed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tracker-'));
  const trackerFile = path.join(dir, 't.js');
  const recorderFile = path.join(dir, 'r.js');
  const tracker = `(()=>{${Array.from({ length: 300 }, (_, index) => `window.t${index}=${index};`).join('')}})();`;
  const recorder = `(()=>{${Array.from({ length: 900 }, (_, index) => `window.r${index}="${index}";`).join('')}})();`;
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: ':memory:' });
  const database = openDatabase(':memory:');
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    fs.writeFileSync(trackerFile, tracker);
    fs.writeFileSync(recorderFile, recorder);
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, webRoot: path.join(dir, 'no-web'), trackerFile, recorderFile });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends each script as brotli or gzip when the browser accepts it, with an ETag per representation', async () => {
    for (const [url, script] of [
      ['/t.js', tracker],
      ['/r.js', recorder],
    ] as const) {
      const etags = new Set<string>();
      for (const [accepted, chosen] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined],
        [undefined, undefined],
      ]) {
        const headers: InjectOptions['headers'] = accepted ? { 'accept-encoding': accepted } : {};
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(chosen);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toMatch(/^application\/javascript/);
        expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
        const body =
          chosen === 'br'
            ? zlib.brotliDecompressSync(response.rawPayload)
            : chosen === 'gzip'
              ? zlib.gunzipSync(response.rawPayload)
              : response.rawPayload;
        expect(body.toString('utf8')).toBe(script);
        if (chosen) expect(response.rawPayload.length).toBeLessThan(script.length / 3);
        const etag = String(response.headers.etag);
        etags.add(etag);
        const again = await app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
      }
      expect(etags.size).toBe(3);
    }
  });
});
