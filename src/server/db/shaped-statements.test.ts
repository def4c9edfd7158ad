import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionsQueryInput } from '../../api/schemas/sessions-query.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { listSessions } from '../features/sessions/sessions.service.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { AbandonableReads, abandonable } from './abandoned-reads.ts';
import { type DatabaseHandle, type Db, openDatabase } from './database.ts';
import { ShapedStatements, hideValuesFromPlanner } from './shaped-statements.ts';

const sum = (db: Db, a: number, b: number) =>
  sql<{ sum: number }>`select cast(${a} as integer) + cast(${b} as integer) as sum`.compile(db);

describe('hideValuesFromPlanner', () => {
  it('writes each placeholder with a unary plus, and leaves quoted text and names alone', () => {
    expect(hideValuesFromPlanner('select a from t where b = ? and c >= ? limit ? offset ?')).toBe(
      'select a from t where b = +? and c >= +? limit +? offset +?',
    );
    expect(hideValuesFromPlanner(`select '?', 'it''s ?', "a?b", [c?], \`d?\` from t where e in (?, ?)`)).toBe(
      `select '?', 'it''s ?', "a?b", [c?], \`d?\` from t where e in (+?, +?)`,
    );
  });

  it('gives SQLite the same rows for the hidden statement, text kept as text', async () => {
    const handle = openDatabase(':memory:');
    try {
      const query = sql<{
        a: unknown;
        b: unknown;
      }>`select ${'7'} as a, ${7} as b where ${'x'} = 'x' limit ${1}`.compile(handle.db);
      const hidden = await handle.db.executeQuery({ ...query, sql: hideValuesFromPlanner(query.sql) });
      expect(hidden.rows).toEqual([{ a: '7', b: 7 }]);
    } finally {
      await handle.close();
    }
  });
});

describe('ShapedStatements on a SQLite connection without reader threads', () => {
  it('runs the kept text on the connection itself, compiled once', async () => {
    const handle = openDatabase(':memory:');
    try {
      const statements = new ShapedStatements();
      const compile = vi.fn(() => sum(handle.db, 1, 2));
      expect(await statements.read(handle.db, 'sum', [1, 2], compile, { samePlanForAnyValues: true })).toEqual([
        { sum: 3 },
      ]);
      expect(await statements.read(handle.db, 'sum', [40, 2], compile, { samePlanForAnyValues: true })).toEqual([
        { sum: 42 },
      ]);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      await handle.close();
    }
  });

  it('gives nothing inside a transaction, so the caller runs the query through Kysely there', async () => {
    const handle = openDatabase(':memory:');
    try {
      const compile = vi.fn(() => sum(handle.db, 1, 2));
      await handle.db.transaction().execute(async (trx) => {
        expect(new ShapedStatements().read(trx, 'sum', [1, 2], compile)).toBeNull();
      });
      expect(compile).not.toHaveBeenCalled();
    } finally {
      await handle.close();
    }
  });
});

for (const kind of testDatabaseKinds) {
  describe(`ShapedStatements [${kind}]`, () => {
    let testDb: TestDatabase;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind, { migrated: true });
      handle = openDatabase(testDb.url, { poolSize: 2, readers: 1 });
    });
    afterAll(async () => {
      await handle.close();
      await testDb.drop();
    });

    it('compiles a shape once and runs its text with each call’s parameters', async () => {
      const statements = new ShapedStatements();
      const compile = vi.fn(() => sum(handle.reader, 1, 2));
      expect(await statements.read(handle.reader, 'sum', [1, 2], compile)).toEqual([{ sum: 3 }]);
      expect(await statements.read(handle.reader, 'sum', [40, 2], compile)).toEqual([{ sum: 42 }]);
      expect(compile).toHaveBeenCalledTimes(1);
    });

    it('keeps no text whose compiled parameters are not the listed ones, and does not compile it again', () => {
      const statements = new ShapedStatements();
      const compile = vi.fn(() => sum(handle.reader, 2, 1));
      expect(statements.read(handle.reader, 'sum', [1, 2], compile)).toBeNull();
      expect(statements.read(handle.reader, 'sum', [1, 2], compile)).toBeNull();
      expect(compile).toHaveBeenCalledTimes(1);
      expect(statements.read(handle.reader, 'none', [], () => null)).toBeNull();
    });

    it('reads a request’s database directly, and gives nothing inside a transaction', async () => {
      const statements = new ShapedStatements();
      const compile = () => sum(handle.reader, 5, 6);
      const reading = kind === 'postgres' ? abandonable(handle.reader, new AbandonableReads()) : handle.reader;
      expect(await statements.read(reading, 'sum', [5, 6], compile)).toEqual([{ sum: 11 }]);
      await handle.db.transaction().execute(async (trx) => {
        expect(statements.read(trx, 'sum', [5, 6], compile)).toBeNull();
      });
    });

    it('answer the list’s first page directly when only the place narrows, and through Kysely otherwise', async () => {
      const account = await createAccount(handle.db, 'Shapes');
      const shapedReads = vi.spyOn(ShapedStatements.prototype, 'read');
      // The page's and the total's reads; the rollups' sums are counted apart.
      const directly = (rollups: boolean) =>
        shapedReads.mock.results.filter(
          (result, index) =>
            result.value !== null && String(shapedReads.mock.calls[index]?.[1]).startsWith('rollup:') === rollups,
        ).length;
      const direct = () => directly(false);
      const list = (query: Partial<SessionsQueryInput>) =>
        listSessions(handle.reader, account.id, { page: 0, size: 25, ...query } as SessionsQueryInput, {
          publicUrl: 'https://app.example.test',
        });
      try {
        // The total, and the page (on PostgreSQL its keys: an empty page reads no rows).
        expect(JSON.parse(String(await list({})))).toMatchObject({ total: 0, sessions: [] });
        expect(direct()).toBe(2);
        shapedReads.mockClear();
        expect(JSON.parse(String(await list({ website_id: 'web_none' })))).toMatchObject({ total: 0 });
        expect(direct()).toBe(2);
        shapedReads.mockClear();
        expect(JSON.parse(String(await list({ device: 'desktop' })))).toMatchObject({ total: 0 });
        expect(direct()).toBe(0);
        // On SQLite the device's total, summed from the rollups, is read directly all the same; on
        // PostgreSQL it stays with Kysely, whose reads stop with an abandoned request.
        expect(directly(true) > 0).toBe(kind === 'sqlite');
      } finally {
        shapedReads.mockRestore();
      }
    });
  });
}
