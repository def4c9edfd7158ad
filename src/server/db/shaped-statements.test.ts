import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionsQueryInput } from '../../api/schemas/sessions-query.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { listSessions } from '../features/sessions/sessions.service.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { AbandonableReads, abandonable } from './abandoned-reads.ts';
import { type DatabaseHandle, openDatabase, postgresPoolOf } from './database.ts';
import { ShapedStatements } from './shaped-statements.ts';

const sum = (a: number, b: number) => sql<{ sum: number }>`select ${a}::int + ${b}::int as sum`;

describe('ShapedStatements on SQLite', () => {
  it('gives nothing, so the caller runs the query through Kysely', async () => {
    const handle = openDatabase(':memory:');
    try {
      const compile = vi.fn(() => sum(1, 2).compile(handle.db));
      expect(new ShapedStatements().read(handle.db, 'sum', [1, 2], compile)).toBeNull();
      expect(compile).not.toHaveBeenCalled();
    } finally {
      await handle.close();
    }
  });
});

if (testDatabaseKinds.includes('postgres')) {
  describe('ShapedStatements on PostgreSQL', () => {
    let testDb: TestDatabase;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres', { migrated: true });
      handle = openDatabase(testDb.url, { poolSize: 2 });
    });
    afterAll(async () => {
      await handle.close();
      await testDb.drop();
    });

    it('compiles a shape once and runs its text with each call’s parameters', async () => {
      const statements = new ShapedStatements();
      const compile = vi.fn(() => sum(1, 2).compile(handle.db));
      expect(await statements.read(handle.db, 'sum', [1, 2], compile)).toEqual([{ sum: 3 }]);
      expect(await statements.read(handle.db, 'sum', [40, 2], compile)).toEqual([{ sum: 42 }]);
      expect(compile).toHaveBeenCalledTimes(1);
    });

    it('keeps no text whose compiled parameters are not the listed ones, and does not compile it again', () => {
      const statements = new ShapedStatements();
      const compile = vi.fn(() => sum(2, 1).compile(handle.db));
      expect(statements.read(handle.db, 'sum', [1, 2], compile)).toBeNull();
      expect(statements.read(handle.db, 'sum', [1, 2], compile)).toBeNull();
      expect(compile).toHaveBeenCalledTimes(1);
      expect(statements.read(handle.db, 'none', [], () => null)).toBeNull();
    });

    it('reads a request’s database on its pool, and gives nothing inside a transaction', async () => {
      const statements = new ShapedStatements();
      const compile = () => sum(5, 6).compile(handle.db);
      const reading = abandonable(handle.db, new AbandonableReads());
      expect(await statements.read(reading, 'sum', [5, 6], compile)).toEqual([{ sum: 11 }]);
      await handle.db.transaction().execute(async (trx) => {
        expect(statements.read(trx, 'sum', [5, 6], compile)).toBeNull();
      });
    });

    it('answer the list’s first page on the pool when only the place narrows, and through Kysely otherwise', async () => {
      const account = await createAccount(handle.db, 'Shapes');
      const pool = postgresPoolOf(handle.db);
      if (!pool) throw new Error('no pool');
      const direct = vi.spyOn(pool, 'query');
      const list = (query: Partial<SessionsQueryInput>) =>
        listSessions(handle.db, account.id, { page: 0, size: 25, ...query } as SessionsQueryInput, {
          publicUrl: 'https://app.example.test',
        });
      try {
        // The total and the page's keys; an empty page reads no rows.
        expect(JSON.parse(String(await list({})))).toMatchObject({ total: 0, sessions: [] });
        expect(direct).toHaveBeenCalledTimes(2);
        direct.mockClear();
        expect(JSON.parse(String(await list({ website_id: 'web_none' })))).toMatchObject({ total: 0 });
        expect(direct).toHaveBeenCalledTimes(2);
        direct.mockClear();
        expect(JSON.parse(String(await list({ device: 'desktop' })))).toMatchObject({ total: 0 });
        expect(direct).not.toHaveBeenCalled();
      } finally {
        direct.mockRestore();
      }
    });
  });
}
