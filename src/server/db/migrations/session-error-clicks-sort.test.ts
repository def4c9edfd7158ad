import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { databaseBeforeMigration, indexColumns, planOf } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-01T0900-session-error-clicks-sort';
/** A plan's step that sorts the rows it read: PostgreSQL's Sort node, SQLite's temporary B-tree. */
const SORTS = /(^|\s)Sort\s|TEMP B-TREE FOR ORDER BY/;

/** How the database would find the first page of an account's sessions, most error clicks first. */
const firstPagePlan = (db: Db) =>
  planOf(db, sql`select id from sessions where account_id = 'acc_1' order by error_clicks desc, id desc limit 25`);

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
