import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, isPostgres } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { DAY, HOUR, rollupRows, wholeHoursQuery } from '../../features/sessions/session-rollup.ts';
import { databaseBeforeMigration, indexColumns, insertInBatches, planOf } from './migration-test-support.ts';
import { insertAccount } from '../../test/session-fixtures.ts';

const UNDER_TEST = '2026-11-30T1000-rollup-time-indexes';
const MIDNIGHT = 1_789_948_800;
const WEBSITES = Array.from({ length: 20 }, (_, index) => `web_${index + 1}`);
const DAYS = 20;

/** The columns of each of the two indexes by time, empty when it is missing. */
async function timeIndexColumns(db: Db): Promise<Record<string, string[]>> {
  const columns: Record<string, string[]> = {};
  for (const name of ['session_hourly_counts_time_idx', 'session_daily_counts_time_idx'])
    columns[name] = (await indexColumns(db, name)).key;
  return columns;
}

/**
 * Writes the daily rows afresh, in the order they came, and counts both tables. A vacuum cannot remove
 * the old versions while any other connection to the database has a transaction open, as tests running
 * beside this one do; a truncated table holds none.
 */
async function compactDailyRows(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create temporary table daily_rows on commit drop as
      select * from session_daily_counts order by day, website_id`.execute(trx);
    await sql`truncate session_daily_counts`.execute(trx);
    await sql`insert into session_daily_counts select * from daily_rows`.execute(trx);
  });
  await sql`analyze session_hourly_counts, session_daily_counts`.execute(db);
}

for (const kind of testDatabaseKinds) {
  describe(`rollup indexes by time migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it("reads an account's hours and days in a range by time, whatever its websites, and goes back down", async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      // The daily rows follow the hourly ones by trigger. They are written as sessions come, hour after hour
      // across the websites: written website after website, the table's order would be the key's, and
      // PostgreSQL may then rightly prefer reading a table this small along the key.
      const hourly = [];
      for (let hour = 0; hour < DAYS * 24; hour += 1) {
        for (const website of WEBSITES) {
          hourly.push({
            account_id: 'acc_1',
            website_id: website,
            hour: MIDNIGHT + hour * HOUR,
            sessions: 1 + (hour % 5),
          });
        }
      }
      await insertInBatches(db, 'session_hourly_counts', hourly);
      // Without statistics PostgreSQL guesses one cost for every index of a table this small, and the
      // trigger's updates leave the daily rows scattered among their old versions: a database that has
      // run a while has vacuumed and counted them.
      if (isPostgres(db)) await compactDailyRows(db);
      const filter = { accountId: 'acc_1' };
      // A range from 09:00 on the third day to 15:00 on the ninth: whole days and the hours at both ends.
      const hours = { from: MIDNIGHT + 2 * DAY + 9 * HOUR, to: MIDNIGHT + 8 * DAY + 15 * HOUR };
      const expected = hourly
        .filter((row) => row.hour >= hours.from && row.hour < hours.to)
        .reduce((sum, row) => sum + row.sessions, 0);
      const total = wholeHoursQuery(db, filter, null, hours);
      if (!total) throw new Error('no statement for a non-empty range');
      // The hours of one day, as a deep page across the account places itself.
      const day = { from: MIDNIGHT + 4 * DAY, to: MIDNIGHT + 5 * DAY };
      const dayHours = sql<{ bucket: number; sessions: number }>`select bucket, sum(sessions) as sessions
        from (${rollupRows(db, filter, null, day, 'hour')}) as hourly group by bucket order by bucket`;

      expect(await timeIndexColumns(db)).toEqual({
        session_hourly_counts_time_idx: [],
        session_daily_counts_time_idx: [],
      });
      expect(await planOf(db, total)).not.toMatch(/_time_idx/);

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      expect(await timeIndexColumns(db)).toEqual({
        session_hourly_counts_time_idx: ['account_id', 'hour'],
        session_daily_counts_time_idx: ['account_id', 'day'],
      });
      const totalPlan = await planOf(db, total);
      const dayPlan = await planOf(db, dayHours);
      if (isPostgres(db)) {
        expect(totalPlan).toMatch(/session_daily_counts_time_idx/);
        expect(totalPlan).toMatch(/Index Cond: \(\(account_id = [^)]+\) AND \(day >= [^)]+\) AND \(day < [^)]+\)\)/);
        expect(totalPlan).toMatch(/session_hourly_counts_time_idx/);
        expect(dayPlan).toMatch(/Index Cond: \(\(account_id = [^)]+\) AND \(hour >= [^)]+\) AND \(hour < [^)]+\)\)/);
      } else {
        expect(totalPlan).toMatch(/USING INDEX session_daily_counts_time_idx \(account_id=\? AND day>\? AND day<\?\)/);
        expect(totalPlan).toMatch(
          /USING INDEX session_hourly_counts_time_idx \(account_id=\? AND hour>\? AND hour<\?\)/,
        );
        expect(dayPlan).toMatch(/USING INDEX session_hourly_counts_time_idx \(account_id=\? AND hour>\? AND hour<\?\)/);
      }
      // The same sums as before.
      const [row] = (await total.execute(db)).rows;
      expect(Number(row?.total)).toBe(expected);
      const byHour = (await dayHours.execute(db)).rows.map((one) => [Number(one.bucket), Number(one.sessions)]);
      expect(byHour).toHaveLength(24);
      expect(byHour[7]).toEqual([day.from + 7 * HOUR, WEBSITES.length * (1 + ((4 * 24 + 7) % 5))]);

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await timeIndexColumns(db)).toEqual({
        session_hourly_counts_time_idx: [],
        session_daily_counts_time_idx: [],
      });
    });
  });
}
