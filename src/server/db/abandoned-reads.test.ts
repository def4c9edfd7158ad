import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { AbandonableReads, ReadAbandonedError, abandonable } from './abandoned-reads.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (testDatabaseKinds.includes('postgres')) {
  describe('statements of abandoned reads on PostgreSQL', () => {
    // Only this file's connections carry this name, so only their statements are watched.
    const applicationName = `sa_abandon_${crypto.randomBytes(4).toString('hex')}`;
    let testDb: TestDatabase;
    let url: string;
    let database: DatabaseHandle;
    let observer: pg.Client;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres', { migrated: true });
      const named = new URL(testDb.url);
      named.searchParams.set('application_name', applicationName);
      url = named.toString();
      database = openDatabase(url, { poolSize: 1 });
      observer = new pg.Client({ connectionString: testDb.url });
      await observer.connect();
    });
    afterAll(async () => {
      await observer.end();
      await database.close();
      await testDb.drop();
    });

    /** Statements of this file's pools still running (or waiting for a lock) in PostgreSQL. */
    async function running(): Promise<string[]> {
      const { rows } = await observer.query<{ query: string }>(
        `select query from pg_stat_activity where application_name = $1 and state = 'active'`,
        [applicationName],
      );
      return rows.map((row) => row.query);
    }

    async function waitUntil(check: () => Promise<boolean>): Promise<number> {
      const started = performance.now();
      while (!(await check())) {
        if (performance.now() - started > 10_000) throw new Error('still waiting after 10 s');
        await sleep(20);
      }
      return performance.now() - started;
    }

    it('cancels the running statement when its request is abandoned, and the connection serves the next', async () => {
      const controller = new AbandonableReads();
      const outcome = sql`select pg_sleep(30)`.execute(abandonable(database.db, controller)).then(
        () => 'answered',
        (error: unknown) => error,
      );
      await waitUntil(async () => (await running()).length === 1);
      controller.abandon();
      expect(await outcome).toBeInstanceOf(ReadAbandonedError);
      expect(await running()).toEqual([]);
      // The pool's only connection is back and answers the next query, which nothing cancels.
      const next = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(next.rows).toEqual([{ one: 1 }]);
    });

    it('starts nothing for a request already abandoned, and lets short or untagged statements finish', async () => {
      const gone = new AbandonableReads();
      gone.abandon();
      await expect(sql`select 1 as one`.execute(abandonable(database.db, gone))).rejects.toBeInstanceOf(
        ReadAbandonedError,
      );
      // Abandoned while running, but done within the grace period: its answer arrives as usual.
      const brief = new AbandonableReads();
      const answer = sql<{ two: number }>`select 2 as two from pg_sleep(0.15)`.execute(abandonable(database.db, brief));
      await waitUntil(async () => (await running()).length === 1);
      brief.abandon();
      expect((await answer).rows).toEqual([{ two: 2 }]);
      expect((await sql<{ three: number }>`select 3 as three`.execute(database.db)).rows).toEqual([{ three: 3 }]);
    });

    describe('GET /v1/sessions over HTTP', () => {
      let app: FastifyInstance;
      let handle: DatabaseHandle;
      let origin: string;
      let token: string;

      beforeAll(async () => {
        const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: url });
        handle = openDatabase(url, { poolSize: 2 });
        app = await buildApp({ config, database: handle, webRoot: path.join(os.tmpdir(), 'no-web-root') });
        await app.listen({ host: '127.0.0.1', port: 0 });
        origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const account = await createAccount(handle.db, 'abandoning');
        token = (await createApiToken(handle.db, { accountId: account.id, name: 'reader', scopes: [...SCOPES] })).token;
      });
      afterAll(async () => {
        await app.close();
        await handle.close();
      });

      it('stops the statement of a list whose client hangs up, and goes on answering', async () => {
        // A lock held elsewhere stands for a slow filter: the list's statement waits for as long as it is held.
        const locker = new pg.Client({ connectionString: testDb.url });
        await locker.connect();
        try {
          await locker.query('begin');
          await locker.query(
            `lock table sessions, session_hourly_counts, session_daily_counts, session_hourly_facets,
              session_daily_facets, session_text_values in access exclusive mode`,
          );
          const request = http.get(`${origin}/v1/sessions?device=mobile`, {
            headers: { authorization: `Bearer ${token}` },
          });
          request.on('error', () => undefined);
          await waitUntil(async () => (await running()).length > 0);
          request.destroy();
          expect(await waitUntil(async () => (await running()).length === 0)).toBeLessThan(5_000);
        } finally {
          await locker.query('rollback');
          await locker.end();
        }
        const list = await fetch(`${origin}/v1/sessions?device=mobile`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.status).toBe(200);
        expect(await list.json()).toMatchObject({ total: 0, sessions: [] });
      });
    });
  });
}
