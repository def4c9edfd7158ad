import { type Kysely, sql } from 'kysely';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// The session count rollups are keyed (account, website, hour or day), which serves a sum for one website.
// Summed over a whole account, the hours or days of a range are not one stretch of that key: PostgreSQL
// read every row the account had in the rollup and kept those in range, and SQLite did the same unless
// its statistics let it skip from website to website. A deep page across an account sums one day's hours
// to place itself, and a date range's total sums the hours at its edges, so both grew with the account's
// history times its websites. For an account of 20 websites and a year of hours (175,200 rollup rows), one
// day's hours took 6.6 ms on PostgreSQL and 0.19 ms with the index by time; 6.3 ms on SQLite without
// statistics and 0.27 ms with it.
//
// The counts themselves stay out of the index: a count changes with every session recorded, and on
// PostgreSQL an update that leaves every indexed column alone stays in its page (the rollups' fillfactor
// is set for it) without touching any index.
const INDEXES = [
  { name: 'session_hourly_counts_time_idx', table: 'session_hourly_counts', columns: ['account_id', 'hour'] },
  { name: 'session_daily_counts_time_idx', table: 'session_daily_counts', columns: ['account_id', 'day'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await sql
      .raw(`create index if not exists ${index.name} on ${index.table} (${index.columns.join(', ')})`)
      .execute(db);
  }
  await analyzeLikeTheOthers(
    db,
    INDEXES.map((index) => index.name),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await sql.raw(`drop index if exists ${index.name}`).execute(db);
}
