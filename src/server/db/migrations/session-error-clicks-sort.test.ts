import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, isPostgres } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { databaseBeforeMigration, indexColumns } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-01T0900-session-error-clicks-sort';
/** A plan's step that sorts the rows it read: PostgreSQL's Sort node, SQLite's temporary B-tree. */
const SORTS = /(^|\s)Sort\s|TEMP B-TREE FOR ORDER BY/;

/** How the database would find the first page of an account's sessions, most error clicks first. */
async function firstPagePlan(db: Db): Promise<string> {
  const page = sql`select id from sessions where account_id = 'acc_1' order by error_clicks desc, id desc limit 25`;
  if (!isPostgres(db)) {
    const { rows } = await sql<{ detail: string }>`explain query plan ${page}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  // An empty table is read whole whatever its indexes: the plan asked for is the one for a large one.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

for (const kind of testDatabaseKinds) {
  describe(`error clicks sort migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('reads a first page by error clicks along an index, without sorting the account, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      expect((await indexColumns(db, 'sessions_sort_error_clicks_idx')).key).toEqual([]);
      expect(await firstPagePlan(db)).toMatch(SORTS);

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      expect((await indexColumns(db, 'sessions_sort_error_clicks_idx')).key).toEqual([
        'account_id',
        'error_clicks',
        'id',
      ]);
      const plan = await firstPagePlan(db);
      expect(plan).toMatch(/sessions_sort_error_clicks_idx/);
      expect(plan).not.toMatch(SORTS);

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect((await indexColumns(db, 'sessions_sort_error_clicks_idx')).key).toEqual([]);
    });
  });
}
