import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { writeDay, writeHour } from './session-set-writes.ts';
import { DAY, HOUR } from './session-rollup.ts';

// Each sealed hour of an account keeps, for each filter value, the set of its sessions that have it
// (migration 2026-11-27T1300). A session is its position in the hour's list as the builder read it; a
// set is stored as a bitmap of the hour's positions, or as the list of its members when that is smaller.
// A whole day whose hours are all sealed keeps the same sets for the day, its hours' positions one after
// the other: a 30-day range then reads about thirty sets per value instead of 720, which matters for a
// URL text that matches hundreds of URLs. At 167,000 sessions a day a bitmap is 21 KB.

/** The facets kept as sets, each with the filter field it answers. */
export const SET_FACETS = {
  website: 'websiteId',
  device: 'device',
  browser: 'browser',
  os: 'os',
  country: 'country',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  has_errors: 'hasErrors',
  has_rage_clicks: 'hasRageClicks',
  has_error_clicks: 'hasErrorClicks',
  start_url: 'startUrl',
  referrer: 'referrer',
  url: 'url',
} as const;

/**
 * Duration and engagement, kept as the buckets of the facet rollup (session-range-rollup.ts); `no_url`,
 * the sessions with no URL at all, and `url_count`, the sessions by their number of distinct URLs, which
 * count a URL text that matches most URLs (session-set-urls.ts).
 */
export type SetFacet = keyof typeof SET_FACETS | 'duration' | 'engagement' | 'no_url' | 'url_count';

/**
 * What the sets of this code hold: a count takes sets only of this version, and the builder starts over
 * an account sealed by another. Raise it whenever the kept facets or their values change.
 */
export const SETS_VERSION = 2;

/** The account's rollup lock on PostgreSQL: every trigger that marks one of its sealed hours takes it first. */
async function lockAccount(trx: Db, accountId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7242, hashtext(${accountId}))`.execute(trx);
}

/** The hour before which the account is sealed by this version of the builder, or null. */
export async function sealedUntil(db: Db, accountId: string): Promise<number | null> {
  const { rows } = await sql<{ sealed_until: number | string; version: number | string }>`
    select sealed_until, version from session_set_marks where account_id = ${accountId}`.execute(db);
  const mark = rows[0];
  return mark && Number(mark.version) === SETS_VERSION ? Number(mark.sealed_until) : null;
}

/** Forgets an account's sets written by another version of the builder, so it seals the account anew. */
async function startOverIfOtherVersion(db: Db, accountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const { rows } = await sql<{ version: number | string }>`
      select version from session_set_marks where account_id = ${accountId}`.execute(trx);
    if (!rows[0] || Number(rows[0].version) === SETS_VERSION) return;
    for (const table of [
      'session_set_marks',
      'session_set_hours',
      'session_sets',
      'session_set_days',
      'session_day_sets',
    ]) {
      await sql`delete from ${sql.table(table)} where account_id = ${accountId}`.execute(trx);
    }
  });
}

/**
 * How long after an hour ends it may be sealed: most of its sessions have ended by then, and no
 * transaction that wrote to it without the account's lock (migration 2026-11-27T1300) is still open.
 */
const SEAL_GRACE = 30 * 60;

/** Hours starting before this may be sealed: those that ended at least SEAL_GRACE ago (`now` in ms). */
export function sealableBefore(now: number): number {
  return Math.floor((now / 1000 - SEAL_GRACE - HOUR) / HOUR) * HOUR + HOUR;
}

export interface SealOptions {
  /** Milliseconds since the epoch. */
  now: number;
  /** Hours and days written at most. */
  maxWrites: number;
  /** Called between two writes, so a long run lets other writers in. */
  pause?: () => Promise<void>;
  stopped?: () => boolean;
}

/**
 * For every account: writes the sets of its stale hours, seals its next hours in time order up to the
 * sealable limit (moving its mark past each), then writes the sets of each whole day whose hours are all
 * sealed and current. Returns how many hours and days it wrote.
 */
export async function sealHours(db: Db, options: SealOptions): Promise<number> {
  const limit = sealableBefore(options.now);
  const { rows: accounts } = await sql<{ account_id: string }>`
    select distinct account_id from session_hourly_counts`.execute(db);
  let written = 0;
  const more = () => written < options.maxWrites && !options.stopped?.();
  const step = async (write: (trx: Db) => Promise<boolean>, accountId: string) => {
    const done = await db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      return write(trx);
    });
    if (done) {
      written += 1;
      await options.pause?.();
    }
    return done;
  };
  for (const { account_id: accountId } of accounts) {
    await startOverIfOtherVersion(db, accountId);
    const { rows: stale } = await sql<{ hour: number | string }>`
      select hour from session_set_hours where account_id = ${accountId} and stale = 1
      order by hour limit ${options.maxWrites}`.execute(db);
    for (const row of stale) {
      if (!more()) return written;
      await step(async (trx) => {
        await writeHour(trx, accountId, Number(row.hour));
        return true;
      }, accountId);
    }
    while (more()) {
      const advanced = await step(async (trx) => {
        const from = (await sealedUntil(trx, accountId)) ?? Number.MIN_SAFE_INTEGER;
        if (from >= limit) return false;
        const { rows } = await sql<{ hour: number | string | null }>`
          select min(hour) as hour from session_hourly_counts
          where account_id = ${accountId} and hour >= ${from} and hour < ${limit} and sessions > 0`.execute(trx);
        const next = rows[0]?.hour == null ? null : Number(rows[0].hour);
        if (next !== null) await writeHour(trx, accountId, next);
        await sql`insert into session_set_marks (account_id, sealed_until, version)
          values (${accountId}, ${next === null ? limit : next + HOUR}, ${SETS_VERSION})
          on conflict (account_id) do update set sealed_until = excluded.sealed_until, version = excluded.version`.execute(
          trx,
        );
        return next !== null;
      }, accountId);
      if (!advanced) break;
    }
    const sealed = await sealedUntil(db, accountId);
    if (sealed === null) continue;
    const { rows: days } = await sql<{ day: number | string }>`
      select distinct (h.hour / ${sql.lit(DAY)}) * ${sql.lit(DAY)} as day from session_set_hours as h
      where h.account_id = ${accountId} and h.hour < ${sealed - DAY + HOUR} and not exists (
        select 1 from session_set_days as d
        where d.account_id = h.account_id and d.day = (h.hour / ${sql.lit(DAY)}) * ${sql.lit(DAY)})
      order by day limit ${options.maxWrites}`.execute(db);
    for (const row of days) {
      if (!more()) return written;
      await step(
        async (trx) => writeDay(trx, accountId, Number(row.day), await sealedUntil(trx, accountId)),
        accountId,
      );
    }
  }
  return written;
}

/**
 * Seals until nothing is left: `sealHours` runs of `perRun` writes each, reading the clock again before
 * each run. Returns how many hours and days it wrote.
 */
export async function sealAll(
  db: Db,
  options: Omit<SealOptions, 'now' | 'maxWrites'> & { now: () => number; perRun: number },
): Promise<number> {
  let total = 0;
  while (!options.stopped?.()) {
    const written = await sealHours(db, { ...options, now: options.now(), maxWrites: options.perRun });
    total += written;
    if (written < options.perRun) break;
  }
  return total;
}
