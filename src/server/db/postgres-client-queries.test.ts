import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { StalledConnections } from './postgres-client-queries.ts';
import { createPostgresPool } from './postgres-pool.ts';

/** A stand-in for a pooled connection: only its socket matters here. */
function fakeClient() {
  const destroy = vi.fn();
  return { client: { connection: { stream: { destroy } } } as unknown as pg.PoolClient, destroy };
}

describe('StalledConnections', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('destroys the socket of a connection whose query makes no progress for the limit, and only that one', async () => {
    vi.useFakeTimers();
    const stalled = new StalledConnections(1_000);
    const hung = fakeClient();
    const busy = fakeClient();
    stalled.start(hung.client);
    const firstOfBusy = stalled.start(busy.client);
    stalled.start(busy.client);

    await vi.advanceTimersByTimeAsync(750);
    // One of busy's two queries ends: its connection is making progress.
    firstOfBusy();
    await vi.advanceTimersByTimeAsync(750);
    expect(hung.destroy).toHaveBeenCalledTimes(1);
    expect(busy.destroy).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(busy.destroy).toHaveBeenCalledTimes(1);
    expect(hung.destroy).toHaveBeenCalledTimes(1);
  });

  it('keeps no timer while no query runs', async () => {
    vi.useFakeTimers();
    const stalled = new StalledConnections(1_000);
    const { client, destroy } = fakeClient();
    stalled.start(client)();
    expect(vi.getTimerCount()).toBe(0);
    const ended = stalled.start(client);
    expect(vi.getTimerCount()).toBe(1);
    ended();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(destroy).not.toHaveBeenCalled();
  });
});

if (testDatabaseKinds.includes('postgres')) {
  describe('pooled PostgreSQL connections', () => {
    let testDb: TestDatabase;
    let pool: pg.Pool;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      // No statement timeout, so only the client's own limit ends a long statement.
      pool = createPostgresPool(testDb.url, {
        poolSize: 2,
        statementTimeoutMs: 0,
        preparedStatements: true,
        readTimeoutMs: 300,
      }).pool;
    });
    afterAll(async () => {
      await pool.end();
      await testDb.drop();
    });

    it('answer with and without a callback', async () => {
      const client = await pool.connect();
      try {
        const promised = (await client.query('select $1::int + 1 as next', [41])) as pg.QueryResult;
        expect(promised.rows).toEqual([{ next: 42 }]);
        const calledBack = await new Promise<pg.QueryResult>((resolve, reject) => {
          client.query('select $1::text as word', ['callback'], (error, result) =>
            error ? reject(error) : resolve(result),
          );
        });
        expect(calledBack.rows).toEqual([{ word: 'callback' }]);
        await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
      } finally {
        client.release();
      }
    });

    it('give up on a statement that outlasts the read limit, and the pool serves the next query', async () => {
      const started = performance.now();
      await expect(pool.query('select pg_sleep(5)')).rejects.toThrow(/terminated/i);
      expect(performance.now() - started).toBeLessThan(3_000);
      const { rows } = await pool.query('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    });
  });
}
