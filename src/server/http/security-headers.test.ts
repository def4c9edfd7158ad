import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';

/** The directives of a Content-Security-Policy header, by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(csp(response).get('frame-ancestors')).toEqual(["'none'"]);
}

for (const kind of testDatabaseKinds) {
  for (const publicUrl of ['https://app.example.test', 'http://localhost:3000']) {
    const https = publicUrl.startsWith('https:');
    describe(`security headers with PUBLIC_URL ${publicUrl} [${kind}]`, () => {
      let testDb: TestDatabase;
      let database: DatabaseHandle;
      let app: FastifyInstance;
      let token: string;
      let webRoot: string;

      beforeAll(async () => {
        testDb = await createTestDatabase(kind);
        database = openDatabase(testDb.url, { poolSize: 2 });
        await migrateToLatest(database.db);
        webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-web-'));
        fs.writeFileSync(
          path.join(webRoot, 'index.html'),
          '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
        );
        fs.mkdirSync(path.join(webRoot, 'assets'));
        fs.writeFileSync(path.join(webRoot, 'assets/app.js'), 'console.log(1);');
        const trackerFile = path.join(webRoot, 'assets', 'tracker.js');
        fs.writeFileSync(trackerFile, '(function(){})();');
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          DEMO_DATA: 'false',
          PUBLIC_URL: publicUrl,
          DATABASE_URL: testDb.url,
        });
        app = await buildApp({ config, database, webRoot, trackerFile });
        await app.ready();
        const account = await createAccount(database.db, `acct-${crypto.randomBytes(4).toString('hex')}`);
        await createWebsite(database.db, { accountId: account.id, host: 'shop.example.com', name: 'Shop' });
        token = (await createApiToken(database.db, { accountId: account.id, name: 'headers', scopes: [...SCOPES] }))
          .token;
      });
      afterAll(async () => {
        await app?.close();
        await database?.close();
        await testDb?.drop();
        if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
      });

      it('gives the dashboard page a strict policy: own scripts only, no inline script, never framed', async () => {
        for (const url of ['/sessions', '/index.html']) {
          const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toMatch(/^text\/html/);
          expectCommonHeaders(response);
          const directives = csp(response);
          expect(directives.get('default-src')).toEqual(["'none'"]);
          expect(directives.get('script-src')).toEqual(["'self'"]);
          expect(directives.get('connect-src')).toEqual(["'self'"]);
          expect(directives.get('object-src') ?? directives.get('default-src')).toEqual(["'none'"]);
          expect(directives.has('upgrade-insecure-requests')).toBe(https);
        }
      });

      it('serves a dashboard page whose link holds a stray "%", which the page reads and names', async () => {
        for (const url of ['/sessions?utm_campaign=50%off', '/visitors?q=%', '/alerts?x=%FF']) {
          const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        }
        const api = await app.inject({ method: 'GET', url: '/v1/sessions?utm_campaign=50%off' });
        expect(api.statusCode).toBe(400);
      });

      it("keeps the dashboard's readable sign-in cookie in step with the session cookie on a page load", async () => {
        const page = (cookie?: string) =>
          app.inject({
            method: 'GET',
            url: '/sessions',
            headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
          });
        const companionLine = (response: Awaited<ReturnType<typeof page>>) =>
          [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('sa_signed_in='));

        // Signed in before the companion existed: it is set, readable by scripts, for as long as a sign-in lasts.
        const marked = companionLine(await page('sa_session=abc'));
        expect(marked).toMatch(/^sa_signed_in=1;/);
        expect(marked).not.toMatch(/HttpOnly/i);
        expect(marked).toMatch(/Max-Age=1209600/);
        expect(/;\s*Secure/i.test(marked ?? '')).toBe(https);
        // The browser dropped the session cookie but kept the companion: it is cleared.
        expect(companionLine(await page('sa_signed_in=1'))).toMatch(/^sa_signed_in=;.*Expires=Thu, 01 Jan 1970/);
        // Both or neither: nothing to change.
        expect(companionLine(await page('sa_session=abc; sa_signed_in=1'))).toBeUndefined();
        expect(companionLine(await page())).toBeUndefined();
      });

      it('has a signed-in browser start asking who is signed in with the page, before its scripts arrive', async () => {
        const page = (url: string, cookie?: string) =>
          app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
        for (const url of ['/sessions?country=DE', '/sessions/s_1', '/alerts', '/']) {
          const response = await page(url, 'sa_session=abc; sa_signed_in=1');
          expect(response.statusCode).toBe(200);
          expect(response.headers.link, url).toBe('</v1/auth/me>; rel=preload; as=fetch; crossorigin');
        }
        // Not signed in, or on the pages for signing in: nothing is asked that could only fail or go unused.
        expect((await page('/sessions')).headers.link).toBeUndefined();
        expect((await page('/sessions', 'sa_signed_in=1')).headers.link).toBeUndefined();
        for (const url of ['/login', '/login?next=%2Falerts', '/set-password?token=x']) {
          expect((await page(url, 'sa_session=abc; sa_signed_in=1')).headers.link, url).toBeUndefined();
        }
      });

      it('serves the dashboard for a page address holding a NUL, which the page itself reads and refuses', async () => {
        const page = await app.inject({ method: 'GET', url: '/sessions?tag=%00', headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        const api = await app.inject({
          method: 'GET',
          url: '/v1/sessions?tag=%00',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(api.statusCode).toBe(400);
        const unknown = await app.inject({ method: 'GET', url: '/v1/nothing-here?tag=%00' });
        expect(unknown.statusCode).toBe(404);
      });

      it("lets the replayer show recorded pages' images, fonts and styles, and never their scripts", async () => {
        const response = await app.inject({ method: 'GET', url: '/sessions/s_1', headers: { accept: 'text/html' } });
        const directives = csp(response);
        expect(directives.get('img-src')).toEqual(expect.arrayContaining(['https:', 'blob:']));
        expect(directives.get('font-src')).toContain('https:');
        expect(directives.get('style-src')).toContain('https:');
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('frame-src')).toEqual(["'self'"]);
      });

      it('gives API JSON, errors included, a policy that loads nothing, and keeps it same-origin', async () => {
        const ok = await app.inject({
          method: 'GET',
          url: '/v1/websites',
          headers: { authorization: `Bearer ${token}` },
        });
        const unauthenticated = await app.inject({ method: 'GET', url: '/v1/websites' });
        const missing = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
        expect([ok.statusCode, unauthenticated.statusCode, missing.statusCode]).toEqual([200, 401, 404]);
        for (const response of [ok, unauthenticated, missing]) {
          expectCommonHeaders(response);
          expect(csp(response).get('default-src')).toEqual(["'none'"]);
          expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        }
      });

      it('gives /docs what Swagger UI needs and no more', async () => {
        const page = await app.inject({ method: 'GET', url: '/docs/' });
        const html =
          page.statusCode === 302 ? await app.inject({ method: 'GET', url: String(page.headers.location) }) : page;
        expect(html.statusCode).toBe(200);
        expectCommonHeaders(html);
        const directives = csp(html);
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
        expect(directives.get('connect-src')).toEqual(["'self'"]);
        expect(String(html.body)).not.toMatch(/<script>(?!\s*<\/script>)/);
        const script = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
        expect(script.statusCode).toBe(200);
      });

      it('lets customer pages load /t.js and send to /v1/ingest from their own origins', async () => {
        const tracker = await app.inject({ method: 'GET', url: '/t.js' });
        expect(tracker.statusCode).toBe(200);
        expect(tracker.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(tracker.headers['x-content-type-options']).toBe('nosniff');
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/v1/ingest',
          headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.com');
        expect(preflight.headers['cross-origin-resource-policy']).toBe('cross-origin');
      });

      it(https ? 'sends HSTS because the public address is https' : 'sends no HSTS over plain http', async () => {
        const response = await app.inject({ method: 'GET', url: '/healthz' });
        if (https) expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
        else expect(response.headers['strict-transport-security']).toBeUndefined();
      });
    });
  }
}
