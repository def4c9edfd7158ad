import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown (server restarting)', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['cannot connect now (starting up)', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['too many connections', withCode('53300')],
    ['SQLite busy', withCode('SQLITE_BUSY', 'database is locked')],
    ['SQLite busy snapshot', withCode('SQLITE_BUSY_SNAPSHOT')],
    ['pg connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['pg query read timeout', new Error('Query read timeout')],
    [
      'every address refused',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: undefined }),
    ],
    ['wrapped cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('counts %s as the database being away', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('does not count %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

if (testDatabaseKinds.includes('postgres')) {
  describe('PostgreSQL statement timeout', () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;
    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      database = openDatabase(testDb.url, { poolSize: 1, statementTimeoutMs: 200 });
    });
    afterAll(async () => {
      await database?.close();
      await testDb?.drop();
    });

    it('cancels a statement that runs too long, as an unavailable database, and the connection serves the next query', async () => {
      const error = await sql`select pg_sleep(5)`.execute(database.db).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect((error as { code?: string } | null)?.code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    });
  });
}
