import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DeliveryWorker } from '../features/notifications/worker/delivery-worker.ts';
import {
  createAccountFixture,
  enqueueJsError,
  insertAlertRow,
  insertWebhookRow,
} from '../features/notifications/test-support/fixtures.ts';
import { type Receiver, startReceiver } from '../features/notifications/test-support/receiver.ts';
import { testWorker } from '../features/notifications/test-support/worker-kit.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { type TcpProxy, startTcpProxy } from '../test/tcp-proxy.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function buildTestApp(database: DatabaseHandle, url: string): Promise<FastifyInstance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    PUBLIC_URL: 'https://app.example.test',
    DATABASE_URL: url,
  });
  const app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
  await app.ready();
  return app;
}

function expectDatabaseUnavailable(response: Awaited<ReturnType<FastifyInstance['inject']>>): void {
  expectError(response, 503, { type: 'api_error', code: 'database_unavailable' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

if (testDatabaseKinds.includes('postgres')) {
  describe('PostgreSQL restarts and outages', () => {
    // Only this test's own connections are ever terminated: they carry this name, and go through this proxy.
    const applicationName = `sa_outage_${crypto.randomBytes(6).toString('hex')}`;
    let testDb: TestDatabase;
    let proxy: TcpProxy;
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let token: string;
    let worker: DeliveryWorker;
    let receiver: Receiver;
    const connectionErrors: Error[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      const direct = new URL(testDb.url);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(testDb.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      proxied.searchParams.set('application_name', applicationName);
      database = openDatabase(proxied.toString(), { poolSize: 4 });
      database.onConnectionError((error) => connectionErrors.push(error));
      await migrateToLatest(database.db);
      app = await buildTestApp(database, proxied.toString());
      const account = await createAccountFixture(database.db);
      token = (await createApiToken(database.db, { accountId: account.accountId, name: 'outage', scopes: [...SCOPES] }))
        .token;
      receiver = await startReceiver();
      const webhook = await insertWebhookRow(database.db, account, `${receiver.url}/hook`);
      const alert = await insertAlertRow(database.db, account, { webhookId: webhook.id });
      worker = testWorker(database, { poll: true, pollIntervalMs: 100 });
      enqueueAfterOutage = () => enqueueJsError(database.db, account, [alert], Date.now());
    });
    let enqueueAfterOutage: () => Promise<string[]>;

    afterAll(async () => {
      await worker?.stop();
      await app?.close();
      await database?.close();
      await receiver?.close();
      await proxy?.close();
      await testDb?.drop();
    });

    const listSessions = () =>
      app.inject({ method: 'GET', url: '/v1/sessions', headers: { authorization: `Bearer ${token}` } });

    async function terminateOwnBackends(): Promise<number> {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const result = await admin.query<{ terminated: string }>(
          'SELECT count(pg_terminate_backend(pid)) AS terminated FROM pg_stat_activity WHERE application_name = $1',
          [applicationName],
        );
        return Number(result.rows[0]?.terminated ?? 0);
      } finally {
        await admin.end();
      }
    }

    it('keeps running when its idle pooled connections are terminated, and serves the next request', async () => {
      // Fill the pool with idle connections, as a busy server has.
      const warm = await Promise.all([listSessions(), listSessions(), listSessions(), listSessions()]);
      expect(warm.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await terminateOwnBackends()).toBeGreaterThan(0);
      // Before the pool had an error listener, the process ended here.
      await sleep(1500);
      expect(connectionErrors.length).toBeGreaterThan(0);
      expect((await listSessions()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('answers 503 database_unavailable with retry-after while the database is away, and /readyz says so', async () => {
      await proxy.cut();
      expectDatabaseUnavailable(await listSessions());
      // A write the token may make (its principal, found valid just before, is not read again).
      expectDatabaseUnavailable(
        await app.inject({
          method: 'POST',
          url: '/v1/websites',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: { host: 'during-the-outage.example.com' },
        }),
      );
      expectDatabaseUnavailable(await app.inject({ method: 'GET', url: '/readyz' }));
      // The delivery worker polls (and fails) through the outage; it must still be there afterwards.
      await sleep(1000);
    });

    it('recovers within 5 s of the database coming back, and the delivery worker delivers again', async () => {
      await proxy.restore();
      const restoredAt = performance.now();
      let ready = false;
      while (!ready && performance.now() - restoredAt < 10_000) {
        ready = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;
        if (!ready) await sleep(25);
      }
      const recoveryMs = Math.round(performance.now() - restoredAt);
      console.log(`PostgreSQL outage: /readyz answered 200 ${recoveryMs} ms after the database came back`);
      expect(ready).toBe(true);
      expect(recoveryMs).toBeLessThan(5000);
      expect((await listSessions()).statusCode).toBe(200);

      await enqueueAfterOutage();
      await receiver.waitForRequests(1, 5000);
      expect(receiver.requests).toHaveLength(1);
    });
  });
}

describe('SQLite write lock held too long', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = openDatabase(testDb.url);
    await migrateToLatest(database.db);
    app = await buildTestApp(database, testDb.url);
    const account = await createAccountFixture(database.db);
    token = (await createApiToken(database.db, { accountId: account.accountId, name: 'busy', scopes: [...SCOPES] }))
      .token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDb?.drop();
  });

  it(
    'answers 503 database_unavailable with retry-after once busy_timeout runs out, not 500',
    { timeout: 20_000 },
    async () => {
      // Another process holds the write lock for longer than the 5 s busy_timeout.
      const other = new SQLite(testDb.url);
      other.exec('BEGIN EXCLUSIVE');
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/v1/tokens',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: { name: 'while locked', scopes: ['alerts:read'] },
        });
        expectDatabaseUnavailable(response);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
    },
  );
});
