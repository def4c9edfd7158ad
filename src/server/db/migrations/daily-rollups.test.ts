import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isPostgres } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { dailyAndHourly } from '../../seed/seed-rollup-fixtures.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-11-27T1000-daily-rollups';
const DAY = 86_400;
// Midnight UTC, so the sessions below fall on both sides of day boundaries.
const MIDNIGHT = 1_789_948_800;

for (const kind of testDatabaseKinds) {
  describe(`daily rollups migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('fills the daily rollups from the hourly ones, keeps them on every change, and goes back down', async () => {
      const { database, db, migrator } = await open(kind);

      await insertAccount(db, 'acc_1');
      const visitor = await insertVisitor(db, 'acc_1');
      const record = (id: string, seconds: number, website: string, device: string) =>
        insertSession(db, 'acc_1', website, visitor.id, {
          id,
          creation_timestamp: MIDNIGHT + seconds,
          device,
          start_url: `https://shop.example.com/${id}`,
          error_logs: id.length % 2,
        });
      // Hours on either side of two midnights, on two websites.
      const times = [-3600, -1, 0, 1800, 5 * 3600, DAY - 1, DAY, DAY + 7200, 3 * DAY + 60];
      for (const [index, seconds] of times.entries()) {
        await record(`s_${index}`, seconds, index % 3 === 0 ? 'web_2' : 'web_1', index % 2 === 0 ? 'mobile' : 'tablet');
      }
      const consistent = async () => {
        const tables = await dailyAndHourly(database, 'acc_1');
        for (const { table, stored, summed } of tables) {
          expect(summed.length, table).toBeGreaterThan(0);
          expect(stored, table).toEqual(summed);
        }
        return tables;
      };

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      const [counts] = await consistent();
      // Four days of one website and three of the other.
      expect(counts?.stored).toHaveLength(7);

      // Every way the hourly rows change reaches the daily ones: new sessions, a session moved to another
      // day and website, a changed property, deletions, and a visitor who identifies themselves.
      await record('s_new', DAY + 3600, 'web_1', 'desktop');
      await db
        .updateTable('sessions')
        .set({ creation_timestamp: MIDNIGHT + 2 * DAY + 10, website_id: 'web_2' })
        .where('id', '=', 's_1')
        .execute();
      await db.updateTable('sessions').set({ device: 'desktop', error_logs: 3 }).where('id', '=', 's_4').execute();
      await db.deleteFrom('sessions').where('id', 'in', ['s_2', 's_8']).execute();
      await db.updateTable('visitors').set({ name: 'Ada' }).where('id', '=', visitor.id).execute();
      const [, facets] = await consistent();
      const day = (offset: number) => MIDNIGHT + offset * DAY;
      const mobile = facets?.stored.filter((row) => row[0] === 'device' && row[1] === 'mobile');
      // Mobile: s_0 (web_2, the day before), s_6 (web_2, day 1); s_2 and s_8 deleted, s_4 now desktop.
      expect(mobile?.map((row) => [row[2], row[3], row[4]])).toEqual([
        ['web_2', day(-1), 1],
        ['web_2', day(1), 1],
      ]);
      const identified = facets?.stored.filter((row) => row[0] === 'identified');
      expect(identified?.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(times.length - 1);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = isPostgres(db)
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_name like 'session_daily%'`.execute(db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where name like 'session_daily%'`.execute(db))
            .rows;
      expect(tables).toEqual([]);
      // The hourly rollups are still kept without the daily ones.
      await record('s_after', 2 * DAY, 'web_1', 'mobile');
      const { rows } = await sql<{ sessions: number | string }>`select sessions from session_hourly_counts
        where account_id = 'acc_1' and website_id = 'web_1' and hour = ${day(2)}`.execute(db);
      expect(rows.map((row) => Number(row.sessions))).toEqual([1]);
    });
  });
}
