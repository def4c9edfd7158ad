import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress-web.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { type TestDatabase, createTestDatabase, describeApi } from '../test/harness.ts';
import { webhookBody } from '../test/alerts-and-webhooks.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';

/** The body as the client reads it, whatever encoding the server chose. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

describeApi('compressed API responses', (ctx) => {
  it('sends a page of sessions compressed to a client that accepts it, and plain to one that does not', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const visitor = await insertVisitor(db, account.accountId, { id: 'v_zip', email: 'zip@example.com' });
    for (let index = 0; index < 30; index += 1) {
      await insertSession(db, account.accountId, account.websiteId, visitor.id, {
        id: `s_zip${index}`,
        creation_timestamp: 1_750_000_000 + index,
        start_url: `https://shop.example.com/products/${index}?utm_source=newsletter`,
      });
    }
    const url = '/v1/sessions?size=100';
    const plain = await ctx().request(account.token, { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.body;
    expect(JSON.parse(body).sessions).toHaveLength(30);

    for (const [accepted, chosen] of [
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['deflate', 'deflate'],
    ]) {
      const response = await ctx().request(account.token, {
        method: 'GET',
        url,
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(chosen);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 3);
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(body));
    }

    const one = await ctx().request(account.token, {
      method: 'GET',
      url: '/v1/sessions/s_zip3?peek=true',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(one.statusCode).toBe(200);
    expect(JSON.parse(decoded(one)).id).toBe('s_zip3');
  });

  it('compresses the OpenAPI document, and an error in the envelope stays readable', async () => {
    const document = await ctx().request(null, {
      method: 'GET',
      url: '/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(document)).openapi).toMatch(/^3\./);

    const account = await ctx().newAccount();
    const refused = await ctx().request(account.token, {
      method: 'GET',
      url: '/v1/sessions?sort=nonsense',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(decoded(refused)).error.code).toBeTruthy();
  });

  it('never compresses a response that carries a secret, even next to text the client chose', async () => {
    const account = await ctx().newAccount();
    const chosen = webhookBody(account.websiteId);
    const body = { ...chosen, url: `${String(chosen.url)}?${'echo'.repeat(400)}` };
    const created = await ctx().request(account.token, {
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.rawPayload.length).toBeGreaterThan(1024);
    expect(created.headers['content-encoding']).toBeUndefined();
    const webhook = JSON.parse(created.body);
    expect(webhook.url).toBe(body.url);
    expect(webhook.secret).toMatch(/^whsec_/);
  });
});

describe('the built dashboard, sent compressed and cached by name', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let webRoot: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{id:${index},label:"row ${index}"}`).join(',')}];\n`;
  const page = `<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}<script type="module" src="/assets/app-Ab12Cd34.js"></script></body></html>`;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = openDatabase(testDb.url, { poolSize: 1 });
    await migrateToLatest(database.db);
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), `sa-web-${crypto.randomBytes(3).toString('hex')}-`));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), page);
    fs.writeFileSync(path.join(webRoot, 'assets/app-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(webRoot, 'assets/tiny-Zz99.js'), 'export {};\n');
    const compressedFiles = precompressDirectory(webRoot);
    expect(compressedFiles.map((file) => path.relative(webRoot, file)).sort()).toEqual([
      path.join('assets', 'app-Ab12Cd34.js'),
      'index.html',
    ]);
    const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: testDb.url });
    app = await buildApp({ config, database, webRoot });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDb?.drop();
    if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a script as brotli or gzip when accepted, as it is otherwise, and keeps it for good', async () => {
    for (const [accepted, chosen] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/app-Ab12Cd34.js',
        headers: accepted ? { 'accept-encoding': accepted } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(chosen);
      expect(String(response.headers['content-type'])).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(script);
      if (chosen) expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    }
    const tiny = await app.inject({ method: 'GET', url: '/assets/tiny-Zz99.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('revalidates the page itself on every visit, compressed, for any dashboard address', async () => {
    for (const url of ['/sessions?sort=-duration', '/index.html']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-type'])).toMatch(/text\/html/);
      expect(decoded(response)).toBe(page);
    }
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/app-Ab12Cd34.js.br', '/assets/app-Ab12Cd34.js.gz', '/index.html.br']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body).error).toBeTruthy();
    }
  });
});
