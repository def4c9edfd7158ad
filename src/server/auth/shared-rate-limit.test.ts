import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestDatabase, createTestDatabase } from '../test/harness.ts';
import { APP_ORIGIN, uniqueEmail } from '../test/people.ts';
import { type TcpProxy, startTcpProxy } from '../test/tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const RATE_LIMIT_MAX = 4;
const INGEST_BATCHES_PER_MINUTE = 3;
const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LoggedApp {
  app: FastifyInstance;
  logLines(): Record<string, unknown>[];
}

describe.skipIf(!REDIS_URL)('rate limits kept in Redis', () => {
  // Keys of this test only: the Redis server is shared.
  const prefix = `sa-test-${crypto.randomBytes(6).toString('hex')}:`;
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  async function startApp(redisUrl: string): Promise<LoggedApp> {
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const config = loadConfig({
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      PUBLIC_URL: APP_ORIGIN,
      DATABASE_URL: testDb.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      INGEST_BATCHES_PER_MINUTE: String(INGEST_BATCHES_PER_MINUTE),
      SIGN_IN_ATTEMPTS_PER_ACCOUNT: String(SIGN_IN_ATTEMPTS_PER_ACCOUNT),
    });
    const app = await buildApp({ config, database, logStream: stream, webRoot: path.join(os.tmpdir(), 'no-web-root') });
    await app.ready();
    apps.push(app);
    const logLines = () =>
      output
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { app, logLines };
  }

  async function newToken(): Promise<string> {
    const account = await createAccount(database.db, `acct-${crypto.randomBytes(4).toString('hex')}`);
    return (await createApiToken(database.db, { accountId: account.id, name: 'limits', scopes: [...SCOPES] })).token;
  }

  const listWebsites = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/v1/websites', headers: { authorization: `Bearer ${token}` } });

  const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
      payload: JSON.stringify({ email, password: 'a wrong guess' }),
    });

  /** Waits until a fresh token's budget runs out on `app`, i.e. the limiter counts again. */
  async function waitUntilLimited(app: FastifyInstance, timeoutMs: number): Promise<LightMyRequestResponse | null> {
    const token = await newToken();
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const response = await listWebsites(app, token);
      if (response.statusCode === 429) return response;
      await sleep(50);
    }
    return null;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = openDatabase(testDb.url);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.close();
    await testDb?.drop();
    const redis = new Redis(REDIS_URL as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('gives a token one budget across two processes', async () => {
    const [first, second] = [await startApp(REDIS_URL as string), await startApp(REDIS_URL as string)];
    const token = await newToken();
    const statuses: number[] = [];
    for (let request = 0; request < RATE_LIMIT_MAX + 2; request++) {
      statuses.push((await listWebsites(request % 2 === 0 ? first.app : second.app, token)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expectError(await listWebsites(first.app, token), 429, { type: 'rate_limit_error', code: 'rate_limited' });
  });

  it('gives an e-mail one sign-in budget across two processes and many addresses', async () => {
    const [first, second] = [await startApp(REDIS_URL as string), await startApp(REDIS_URL as string)];
    const email = uniqueEmail('shared');
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS_PER_ACCOUNT; attempt++) {
      const response = await login(attempt % 2 === 0 ? first.app : second.app, email, `198.51.100.${attempt + 1}`);
      expect(response.statusCode, response.body).toBe(401);
    }
    expectError(await login(first.app, email, '198.51.100.200'), 429, { type: 'rate_limit_error' });
    expectError(await login(second.app, email, '198.51.100.201'), 429, { type: 'rate_limit_error' });
  });

  it('gives a website one budget of tracker batches across two processes', async () => {
    const [first, second] = [await startApp(REDIS_URL as string), await startApp(REDIS_URL as string)];
    const account = await createAccount(database.db, `acct-${crypto.randomBytes(4).toString('hex')}`);
    const website = await createWebsite(database.db, { accountId: account.id, host: 'shop.example.com', name: 'Shop' });
    const id = (label: string) => `${label}_${crypto.randomBytes(8).toString('hex')}`;
    const send = (app: FastifyInstance) => {
      const now = Date.now();
      return app.inject({
        method: 'POST',
        url: '/v1/ingest',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          key: website.public_key,
          batch_id: id('b'),
          visitor_id: id('v'),
          session_id: id('s'),
          sent_at: now,
          events: [{ kind: 1, time: now, url: 'https://shop.example.com/' }],
        }),
      });
    };
    const statuses: number[] = [];
    for (let batch = 0; batch < INGEST_BATCHES_PER_MINUTE + 1; batch++) {
      statuses.push((await send(batch % 2 === 0 ? first.app : second.app)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  describe('when Redis is away', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      const target = new URL(REDIS_URL as string);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    });
    afterAll(() => proxy?.close());

    const proxiedUrl = () => {
      const url = new URL(REDIS_URL as string);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      return url.toString();
    };

    it('serves requests unlimited, says so once in the log, and limits again once Redis is back', async () => {
      const { app, logLines } = await startApp(proxiedUrl());
      expect(await waitUntilLimited(app, 3000)).not.toBeNull();

      const linesBefore = logLines().length;
      await proxy.cut();
      const token = await newToken();
      const started = performance.now();
      for (let request = 0; request < RATE_LIMIT_MAX * 3; request++) {
        const response = await listWebsites(app, token);
        expect(response.statusCode, response.body).toBe(200);
      }
      // A dead Redis must not slow requests down.
      expect(performance.now() - started).toBeLessThan(RATE_LIMIT_MAX * 3 * 500);
      const warnings = logLines()
        .slice(linesBefore)
        .filter((line) => String(line.msg).startsWith('Redis is unreachable'));
      expect(warnings).toHaveLength(1);

      await proxy.restore();
      const limited = await waitUntilLimited(app, 5000);
      expect(limited?.statusCode).toBe(429);
      expect(logLines().some((line) => String(line.msg).startsWith('Redis is reachable again'))).toBe(true);
    });

    it('starts and serves requests when Redis is unreachable from the start', async () => {
      await proxy.cut();
      const { app, logLines } = await startApp(proxiedUrl());
      const token = await newToken();
      for (let request = 0; request < RATE_LIMIT_MAX + 2; request++) {
        expect((await listWebsites(app, token)).statusCode).toBe(200);
      }
      expect(
        logLines().filter((line) => String(line.msg).startsWith('Redis is unreachable')).length,
      ).toBeLessThanOrEqual(1);
      await proxy.restore();
      expect(await waitUntilLimited(app, 5000)).not.toBeNull();
    });
  });
});
