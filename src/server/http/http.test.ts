import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { createTestDatabase, describeApi, testDatabaseKinds, type TestDatabase } from '../test/harness.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';

const REQUEST_ID = /^req_[0-9A-Za-z]{8,}$/;

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'validation_error',
  401: 'authentication_error',
  403: 'authorization_error',
  404: 'not_found_error',
  405: 'not_found_error',
  409: 'conflict_error',
  413: 'validation_error',
  415: 'validation_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
};

/** What an error body must never show: stack frames, source paths, SQL, driver names. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|\bselect\b|\bfrom "|sqlite|postgres|relation "|no such table|kysely|stack/i;

function expectErrorEnvelope(response: LightMyRequestResponse, label = ''): Record<string, unknown> {
  const body = response.json<{ error: Record<string, unknown> }>();
  expect(Object.keys(body), label).toEqual(['error']);
  const allowed = ['type', 'code', 'param', 'message', 'http_status_code', 'request_id'];
  expect(
    Object.keys(body.error).filter((key) => !allowed.includes(key)),
    label,
  ).toEqual([]);
  expect(body.error, label).toMatchObject({
    type: TYPE_BY_STATUS[response.statusCode],
    code: expect.any(String),
    message: expect.any(String),
    http_status_code: response.statusCode,
    request_id: response.headers['x-request-id'],
  });
  expect(response.body, label).not.toMatch(INTERNALS);
  return body.error;
}

const OPERATIONS: Record<string, [method: string, path: string]> = {
  createAlert: ['post', '/v1/alerts'],
  updateAlert: ['put', '/v1/alerts/{id}'],
  listAlerts: ['get', '/v1/alerts'],
  deleteAlert: ['delete', '/v1/alerts/{id}'],
  createWebhook: ['post', '/v1/webhooks'],
  updateWebhook: ['put', '/v1/webhooks/{id}'],
  listWebhooks: ['get', '/v1/webhooks'],
  deleteWebhook: ['delete', '/v1/webhooks/{id}'],
  listWebsites: ['get', '/v1/websites'],
  getSessions: ['get', '/v1/sessions'],
};

describeApi('HTTP conventions', (ctx) => {
  it('gives every response a unique req_ request id, and errors carry it in the envelope', async () => {
    const account = await ctx().newAccount();
    const narrow = await account.tokenWith(['websites:read']);
    const cases: [string, string | null, InjectOptions, number][] = [
      ['a list', account.token, { method: 'GET', url: '/v1/sessions' }, 200],
      [
        'a creation',
        account.token,
        {
          method: 'POST',
          url: '/v1/alerts',
          payload: { name: 'Errors', events: [{ kind: 25, value: '' }], provider: 'chat', chat_channel_id: 'C1' },
        },
        201,
      ],
      ['a bad query', account.token, { method: 'GET', url: '/v1/sessions?page=-1' }, 400],
      ['an unknown body field', account.token, { method: 'POST', url: '/v1/alerts', payload: { nope: 1 } }, 400],
      [
        'invalid JSON',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: '{"name":', headers: { 'content-type': 'application/json' } },
        400,
      ],
      [
        'a text body',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: 'hello', headers: { 'content-type': 'text/plain' } },
        415,
      ],
      [
        'a body over 1 MiB',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: { name: 'x'.repeat(1024 * 1024 + 10) } },
        413,
      ],
      ['no token', null, { method: 'GET', url: '/v1/sessions' }, 401],
      ['a missing scope', narrow, { method: 'GET', url: '/v1/sessions' }, 403],
      ['an unknown id', account.token, { method: 'DELETE', url: '/v1/alerts/alr_missing' }, 404],
      ['an unknown route', account.token, { method: 'GET', url: '/v1/nothing-here' }, 404],
      ['an unknown route without a token', null, { method: 'GET', url: '/v1/sessions/extra/parts' }, 404],
      ['the root without a dashboard', null, { method: 'GET', url: '/' }, 404],
      ['liveness', null, { method: 'GET', url: '/healthz' }, 200],
      ['readiness', null, { method: 'GET', url: '/readyz' }, 200],
      ['the OpenAPI document', null, { method: 'GET', url: '/v1/openapi.json' }, 200],
      [
        'a client-chosen request id',
        account.token,
        { method: 'GET', url: '/v1/websites', headers: { 'x-request-id': 'req_chosenByTheClient' } },
        200,
      ],
      ['the same list again', account.token, { method: 'GET', url: '/v1/sessions' }, 200],
    ];
    const seen = new Set<string>();
    for (const [label, token, options, status] of cases) {
      const response = await ctx().request(token, options);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
      const id = response.headers['x-request-id'];
      expect(id, label).toMatch(REQUEST_ID);
      expect(id, label).not.toBe('req_chosenByTheClient');
      expect(seen.has(String(id)), `${label}: ${String(id)} repeated`).toBe(false);
      seen.add(String(id));
      if (status >= 400) expectErrorEnvelope(response, label);
    }
  });

  // PostgreSQL cannot hold U+0000 in text; an id carrying one names nothing, so it must be a 400 or a 404, not a 500.
  it('answers a NUL character in a path id, a query or a body without a 500', async () => {
    const account = await ctx().newAccount();
    const cases: [string, InjectOptions][] = [
      ['PUT alert', { method: 'PUT', url: '/v1/alerts/alr_%00x', payload: {} }],
      ['DELETE alert', { method: 'DELETE', url: '/v1/alerts/%00' }],
      [
        'PUT webhook',
        {
          method: 'PUT',
          url: '/v1/webhooks/whk_%00x?version=v1.0',
          payload: { url: 'https://hooks.example.com/x', website_id: account.websiteId, version: 'v1.0' },
        },
      ],
      ['DELETE webhook', { method: 'DELETE', url: '/v1/webhooks/whk_%00x' }],
      ['sessions query', { method: 'GET', url: '/v1/sessions?visitor_id=v%00' }],
      [
        'alert body',
        {
          method: 'POST',
          url: '/v1/alerts',
          payload: { name: 'a\u0000b', events: [{ kind: 5, value: '' }], provider: 'chat', chat_channel_id: 'C1' },
        },
      ],
    ];
    const wrong: string[] = [];
    for (const [label, options] of cases) {
      const response = await ctx().request(account.token, options);
      if (response.statusCode !== 400 && response.statusCode !== 404)
        wrong.push(`${label}: ${response.statusCode} ${response.body}`);
      else expectErrorEnvelope(response, label);
    }
    expect(wrong).toEqual([]);
  });

  it('answers /healthz and /readyz with 200 without credentials', async () => {
    for (const url of ['/healthz', '/readyz']) {
      for (const headers of [{}, { authorization: 'Bearer sa_garbage' }]) {
        const response = await ctx().app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({ status: 'ok' });
      }
    }
  });

  it('serves an OpenAPI 3.1 document with every operation and the bearer scheme', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    interface OpenApiOperation {
      operationId?: string;
      security?: Record<string, string[]>[];
      parameters?: { name: string; in: string }[];
    }
    const document = response.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, OpenApiOperation>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title.length).toBeGreaterThan(0);

    const found: Record<string, [string, string]> = {};
    const operations: Record<string, OpenApiOperation> = {};
    for (const [pathName, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.operationId) {
          found[operation.operationId] = [method, pathName];
          operations[operation.operationId] = operation;
        }
      }
    }
    // Every operation of the contract, at its method and path (the service may document more besides).
    expect(found).toMatchObject(OPERATIONS);

    const schemes = Object.entries(document.components.securitySchemes);
    const bearer = schemes.find(([, scheme]) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');
    expect(bearer).toBeDefined();
    for (const operationId of Object.keys(OPERATIONS)) {
      expect(operations[operationId]?.security, operationId).toContainEqual({ [bearer?.[0] ?? '']: [] });
    }
    const sessionParameters = (operations.getSessions?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name);
    expect(sessionParameters).toEqual(
      expect.arrayContaining(['page', 'size', 'email', 'visitor_id', 'tz', 'date_from', 'date_to']),
    );
    expect(response.body).toContain('engagment_score');
  });

  it('serves the API reference as HTML at /docs', async () => {
    let url = '/docs';
    let response = await ctx().app.inject({ method: 'GET', url });
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 5; hops++) {
      const location = String(response.headers.location);
      url = new URL(location, `http://localhost${url}`).pathname;
      response = await ctx().app.inject({ method: 'GET', url });
    }
    expect(response.statusCode, url).toBe(200);
    expect(['/docs', '/docs/', '/docs/static/index.html']).toContain(url);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });

  it('answers unknown /v1 routes with a 404 envelope, with or without a token', async () => {
    const account = await ctx().newAccount();
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/sessions/search'],
      ['GET', '/v1'],
      ['GET', '/v2/sessions'],
      ['DELETE', '/v1/websites/web_x'],
    ] as const) {
      for (const token of [account.token, null]) {
        const response = await ctx().request(token, { method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        const error = expectErrorEnvelope(response, `${method} ${url}`);
        expect(error.type).toBe('not_found_error');
      }
    }
    const wrongMethod = await ctx().request(account.token, { method: 'PATCH', url: '/v1/alerts' });
    expect([404, 405]).toContain(wrongMethod.statusCode);
    expectErrorEnvelope(wrongMethod, 'PATCH /v1/alerts');
  });
});

/** Collects pino's JSON lines. */
class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    callback();
  }

  get text(): string {
    return this.lines.join('\n');
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

interface OwnApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  token: string;
  logs: LogCapture;
  closeDatabase(): Promise<void>;
}

for (const kind of testDatabaseKinds) {
  describe(`failures and logs [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];

    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A whole app on a fresh database, logging at info level into a buffer. */
    async function startApp(): Promise<OwnApp> {
      const testDb: TestDatabase = await createTestDatabase(kind);
      cleanups.push(() => testDb.drop());
      const config = loadConfig({
        LOG_LEVEL: 'info',
        DEMO_DATA: 'false',
        PUBLIC_URL: 'https://app.example.test',
        DATABASE_URL: testDb.url,
      });
      const database = openDatabase(config.DATABASE_URL, { poolSize: 2 });
      let open = true;
      const closeDatabase = async () => {
        if (!open) return;
        open = false;
        await database.close();
      };
      cleanups.push(closeDatabase);
      await migrateToLatest(database.db);
      const logs = new LogCapture();
      const app = await buildApp({ config, database, logStream: logs, webRoot: path.join(os.tmpdir(), 'no-web-root') });
      cleanups.push(() => app.close());
      await app.ready();
      const account = await createAccount(database.db, 'failing');
      const website = await createWebsite(database.db, { accountId: account.id, host: 'shop.example.com' });
      const visitor = await insertVisitor(database.db, account.id, { email: 'someone@example.com' });
      await insertSession(database.db, account.id, website.id, visitor.id);
      const { token } = await createApiToken(database.db, {
        accountId: account.id,
        name: 'log test',
        scopes: ['users.sessions:read', 'websites:read', 'alerts:write'],
      });
      return { app, database, token, logs, closeDatabase };
    }

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    function linesOf(logs: LogCapture, requestId: unknown): Record<string, unknown>[] {
      return logs.entries().filter((entry) => entry.reqId === requestId);
    }

    it('logs each request under its request id and never logs the bearer token', async () => {
      const own = await startApp();
      const ok = await own.app.inject({ method: 'GET', url: '/v1/sessions', headers: bearer(own.token) });
      expect(ok.statusCode).toBe(200);
      const bad = await own.app.inject({ method: 'GET', url: '/v1/sessions?page=x', headers: bearer(own.token) });
      expect(bad.statusCode).toBe(400);
      const unknownToken = `sa_${'Q7'.repeat(20)}`;
      const refused = await own.app.inject({ method: 'GET', url: '/v1/sessions', headers: bearer(unknownToken) });
      expect(refused.statusCode).toBe(401);
      const created = await own.app.inject({
        method: 'POST',
        url: '/v1/alerts',
        headers: { ...bearer(own.token), 'content-type': 'application/json' },
        payload: JSON.stringify({
          name: 'x',
          events: [{ kind: 5, value: '' }],
          provider: 'chat',
          chat_channel_id: 'C1',
        }),
      });
      expect(created.statusCode).toBe(201);

      for (const response of [ok, bad, refused, created]) {
        const lines = linesOf(own.logs, response.headers['x-request-id']);
        expect(lines.length, String(response.headers['x-request-id'])).toBeGreaterThan(0);
      }
      expect(own.logs.text).not.toContain(own.token);
      expect(own.logs.text).not.toContain(own.token.slice(3));
      expect(own.logs.text).not.toContain(unknownToken);
    });

    it('answers a failing query with a bare 500 and logs the detail under the request id', async () => {
      const own = await startApp();
      await own.database.db.schema.dropTable('sessions').execute();
      const response = await own.app.inject({
        method: 'GET',
        url: '/v1/sessions?email=someone@example.com',
        headers: bearer(own.token),
      });
      expect(response.statusCode).toBe(500);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toMatch(REQUEST_ID);
      expect(response.json()).toStrictEqual({
        error: {
          type: 'api_error',
          code: 'internal_error',
          message: expect.any(String),
          http_status_code: 500,
          request_id: requestId,
        },
      });
      expectErrorEnvelope(response);
      expect(response.body).not.toContain('someone@example.com');

      const lines = linesOf(own.logs, requestId);
      const failure = lines.find((entry) => entry.level === 50);
      expect(failure, JSON.stringify(lines)).toBeDefined();
      expect(JSON.stringify(failure)).toMatch(/no such table: sessions|relation \\"sessions\\" does not exist/);
      expect(own.logs.text).not.toContain(own.token);
      expect(own.logs.text).not.toContain(own.token.slice(3));
      // The other routes keep working (websites read the sessions table for their last event; who-am-I does not).
      expect((await own.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(own.token) })).statusCode).toBe(
        200,
      );
    });

    it('answers 500 (and readiness 503) once the database is gone, with nothing internal in the body', async () => {
      const own = await startApp();
      await own.closeDatabase();
      const response = await own.app.inject({ method: 'GET', url: '/v1/sessions', headers: bearer(own.token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        error: { type: 'api_error', code: 'internal_error', http_status_code: 500 },
      });
      expectErrorEnvelope(response);
      expect(linesOf(own.logs, response.headers['x-request-id']).some((entry) => entry.level === 50)).toBe(true);

      const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(expectErrorEnvelope(ready).type).toBe('api_error');
      const live = await own.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(own.logs.text).not.toContain(own.token);
      expect(own.logs.text).not.toContain(own.token.slice(3));
    });
  });
}
