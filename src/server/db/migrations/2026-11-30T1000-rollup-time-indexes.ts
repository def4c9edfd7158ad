import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

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

/** On SQLite, gives the new indexes statistics when the database keeps any, as its other indexes have. */
async function analyzeLikeTheOthers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (rows.length === 0) return;
  for (const index of INDEXES) await sql.raw(`analyze ${index.name}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await sql
      .raw(`create index if not exists ${index.name} on ${index.table} (${index.columns.join(', ')})`)
      .execute(db);
  }
  await analyzeLikeTheOthers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await sql.raw(`drop index if exists ${index.name}`).execute(db);
}
