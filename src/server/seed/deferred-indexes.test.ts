import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, isPostgres, openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { dropPostgresIndexes, dropSqliteIndexes } from './deferred-indexes.ts';

/** The secondary indexes of the tables a bulk load defers. */
async function secondaryIndexes(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = isPostgres(handle.db)
    ? await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename in ('sessions', 'visitors', 'session_pages')
          and indexdef not ilike 'CREATE UNIQUE%' order by 1`.execute(handle.db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'index' and tbl_name in ('sessions', 'visitors', 'session_pages') and sql is not null
          and upper(sql) not like 'CREATE UNIQUE%' order by 1`.execute(handle.db);
  return rows.map((row) => row.name);
}

describe.each(testDatabaseKinds)('indexes a bulk load dropped [%s]', (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  beforeEach(async () => {
    testDb = await createTestDatabase(kind, { migrated: true });
    handle = openDatabase(testDb.url);
  });
  afterEach(async () => {
    await handle.close();
    await testDb.drop();
  });

  it('are listed when dropped and built again at the next start, even after the load died', async () => {
    const before = await secondaryIndexes(handle);
    expect(before.length).toBeGreaterThan(15);

    // A load drops the indexes and dies before building them again.
    if (kind === 'postgres') {
      await dropPostgresIndexes(handle.db);
    } else {
      const connection = new SQLite(testDb.url);
      dropSqliteIndexes(connection);
      connection.close();
    }
    expect(await secondaryIndexes(handle)).toEqual([]);
    const listed = await handle.db.selectFrom('deferred_indexes').select('name').orderBy('name').execute();
    expect(listed.map((row) => row.name)).toEqual(before);

    // The next start migrates and finds them listed.
    await migrateDatabase(testDb.url, handle);
    expect(await secondaryIndexes(handle)).toEqual(before);
    expect(await handle.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
    // Nothing left to do the time after.
    await migrateDatabase(testDb.url, handle);
    expect(await secondaryIndexes(handle)).toEqual(before);
  });
});
