import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/harness.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';
import { REQUEST_ID, expectErrorEnvelope } from './error-envelope-checks.ts';

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
