import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, isPostgres, openDatabase } from '../db/database.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { seedSessions } from './seed-sessions.ts';

/** The number of sessions rows the query planner believes there are, or null before any statistics. */
async function plannedSessionRows(handle: DatabaseHandle): Promise<number | null> {
  if (isPostgres(handle.db)) {
    // pg_stats has rows for a table once it was analysed; reltuples is the planner's row count.
    const { rows } = await sql<{ rows: number; analysed: boolean }>`select c.reltuples::float8 as rows,
        exists (select 1 from pg_stats s where s.schemaname = current_schema() and s.tablename = 'sessions') as analysed
      from pg_class c where c.oid = to_regclass('sessions')`.execute(handle.db);
    return rows[0]?.analysed ? rows[0].rows : null;
  }
  // sqlite_stat1 exists once anything was analysed; each index's stat starts with the rows it holds,
  // so the table's count is the largest (partial indexes hold fewer).
  const exists = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(handle.db);
  if (exists.rows.length === 0) return null;
  const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = 'sessions'`.execute(handle.db);
  return rows.length === 0 ? null : Math.max(...rows.map((row) => Number(row.stat.split(' ')[0])));
}

describe.each(testDatabaseKinds)('statistics after a bulk load [%s]', (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let accountId: string;
  beforeEach(async () => {
    testDb = await createTestDatabase(kind, { migrated: true });
    handle = openDatabase(testDb.url);
    accountId = (await createAccount(handle.db, 'acme')).id;
  });
  afterEach(async () => {
    await handle.close();
    await testDb.drop();
  });

  it('are refreshed when the load rebuilt the indexes, so the planner sees the loaded rows', async () => {
    expect(await plannedSessionRows(handle)).toBeNull();
    await seedSessions(handle.db, { accountId, sessions: 3000, days: 7, seed: 3, deferIndexes: true });
    expect(await plannedSessionRows(handle)).toBe(3000);
  });
});
