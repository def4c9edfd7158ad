import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import type { Db } from '../database.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-11-27T1400-session-text-value-counts';

/** Each (account, facet) with its kept count and the rows it counts. */
async function counts(db: Db) {
  const { rows } = await sql<{ account_id: string; facet: string; listed: number | string }>`
    select account_id, facet, count(*) as listed from session_text_values group by account_id, facet
    order by account_id, facet`.execute(db);
  const kept = await db.selectFrom('session_text_value_counts').selectAll().execute();
  return {
    listed: rows.map((row) => `${row.account_id} ${row.facet} ${Number(row.listed)}`),
    kept: kept.map((row) => `${row.account_id} ${row.facet} ${Number(row.value_count)}`).sort(),
  };
}

for (const kind of testDatabaseKinds) {
  describe(`text value counts migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('counts the values already listed, keeps counting new ones, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      for (const account of ['acc_1', 'acc_2']) {
        await insertAccount(db, account);
      }
      const record = async (account: string, page: string) => {
        const visitor = await insertVisitor(db, account);
        await insertSession(db, account, 'web_1', visitor.id, {
          start_url: `https://shop.example.com/${page}`,
          end_url: `https://shop.example.com/${page}/done`,
          referrer: `https://${page}.example/`,
        });
      };
      await record('acc_1', 'a');
      await record('acc_1', 'b');
      await record('acc_2', 'a');

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      const migrated = await counts(db);
      expect(migrated.listed).toHaveLength(6);
      expect(migrated.kept).toEqual(migrated.listed);

      // A value seen again adds nothing; new ones count.
      await record('acc_1', 'a');
      await record('acc_1', 'c');
      await record('acc_2', 'd');
      const after = await counts(db);
      expect(after.kept).toEqual(after.listed);
      expect(after.kept).toContain('acc_1 url 6');

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await expect(db.selectFrom('session_text_value_counts').selectAll().execute()).rejects.toThrow();
      await record('acc_1', 'e');
    });
  });
}
