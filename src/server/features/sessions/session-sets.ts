import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { RANGE_FACETS } from './session-range-rollup.ts';
import { encodeSet, membersOf } from './session-set-encoding.ts';
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

/** Duration and engagement, kept as the buckets of the facet rollup (session-range-rollup.ts). */
export type SetFacet = keyof typeof SET_FACETS | 'duration' | 'engagement';

/** The lower edge of the bucket holding `value`, as text; null below the first edge. */
function bucketOf(value: number, edges: readonly number[]): string | null {
  let found: number | null = null;
  for (const edge of edges) {
    if (value >= edge) found = edge;
    else break;
  }
  return found === null ? null : String(found);
}

const edgesOf = (name: string) => RANGE_FACETS.find((range) => range.name === name)?.edges ?? [];
const DURATION_EDGES = edgesOf('duration');
const ENGAGEMENT_EDGES = edgesOf('engagement');

interface HourSession {
  id: string;
  website_id: string;
  device: string;
  browser_name: string;
  os_name: string;
  country_code: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  error_logs: number;
  rage_clicks: number;
  error_clicks: number;
  start_url: string | null;
  referrer: string | null;
  duration: number;
  engagement_score: number;
}

/** The values a session has in each facet but `url` (its pages, read apart); absent and empty values are not kept. */
function valuesOf(session: HourSession): [SetFacet, string | null][] {
  return [
    ['website', session.website_id],
    ['device', session.device],
    ['browser', session.browser_name],
    ['os', session.os_name],
    ['country', session.country_code],
    ['utm_source', session.utm_source],
    ['utm_medium', session.utm_medium],
    ['utm_campaign', session.utm_campaign],
    ['has_errors', Number(session.error_logs) > 0 ? '1' : null],
    ['has_rage_clicks', Number(session.rage_clicks) > 0 ? '1' : null],
    ['has_error_clicks', Number(session.error_clicks) > 0 ? '1' : null],
    ['start_url', session.start_url],
    ['referrer', session.referrer],
    ['duration', bucketOf(Number(session.duration), DURATION_EDGES)],
    ['engagement', bucketOf(Number(session.engagement_score), ENGAGEMENT_EDGES)],
  ];
}

/**
 * What the sets of this code hold: a count takes sets only of this version, and the builder starts over
 * an account sealed by another. Raise it whenever the kept facets or their values change.
 */
export const SETS_VERSION = 1;

/** Rows per insert statement: six parameters each, far below either database's limit. */
const ROWS_PER_INSERT = 500;

/** A build's mark on its rows: a reader takes a set only with the hour or day row of the same build. */
function newGeneration(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}

/** Writes `sets` (facet, value, ascending positions) of one hour or day, replacing what it had. */
async function writeSets(
  trx: Db,
  grain: 'hour' | 'day',
  accountId: string,
  at: number,
  generation: number,
  sets: Map<string, number[]>,
  size: number,
): Promise<void> {
  const table = grain === 'hour' ? 'session_sets' : 'session_day_sets';
  // SQLite would rather walk the primary key through every set of the account.
  const index = isPostgres(trx) ? sql`` : sql`indexed by ${sql.id(`${table}_${grain}_idx`)}`;
  await sql`delete from ${sql.table(table)} ${index} where account_id = ${accountId} and ${sql.ref(grain)} = ${at}`.execute(
    trx,
  );
  const rows = [...sets].map(([key, list]) => {
    const split = key.indexOf('\u0000');
    const encoded = encodeSet(list, size);
    return sql`(${accountId}, ${key.slice(0, split)}, ${key.slice(split + 1)}, ${at}, ${generation}, ${encoded})`;
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await sql`insert into ${sql.table(table)} (account_id, facet, value, ${sql.ref(grain)}, generation, members)
      values ${sql.join(rows.slice(start, start + ROWS_PER_INSERT))}`.execute(trx);
  }
}

/**
 * Reads the sessions of one hour and writes its sets, replacing any it had, in the caller's transaction
 * (which holds the account's rollup lock on PostgreSQL and the write lock on SQLite). Its day, built from
 * the hour's old positions, goes.
 */
async function writeHour(trx: Db, accountId: string, hour: number): Promise<void> {
  const end = hour + HOUR;
  const { rows: sessions } = await sql<HourSession>`
    select id, website_id, device, browser_name, os_name, country_code, utm_source, utm_medium, utm_campaign,
           error_logs, rage_clicks, error_clicks, lower(start_url) as start_url, lower(referrer) as referrer,
           duration, engagement_score
    from sessions
    where account_id = ${accountId} and creation_timestamp >= ${hour} and creation_timestamp < ${end}`.execute(trx);
  const { rows: pages } = await sql<{ session_id: string; url: string }>`
    select p.session_id, p.url
    from sessions as s join session_pages as p on p.account_id = s.account_id and p.session_id = s.id
    where s.account_id = ${accountId} and s.creation_timestamp >= ${hour} and s.creation_timestamp < ${end}`.execute(
    trx,
  );
  await sql`delete from session_set_days where account_id = ${accountId} and day = ${Math.floor(hour / DAY) * DAY}`.execute(
    trx,
  );
  if (sessions.length === 0) {
    await writeSets(trx, 'hour', accountId, hour, 0, new Map(), 0);
    await sql`delete from session_set_hours where account_id = ${accountId} and hour = ${hour}`.execute(trx);
    return;
  }

  const members = new Map<string, number[]>();
  const add = (facet: SetFacet, value: string | null, position: number) => {
    if (value === null || value === '') return;
    const key = `${facet}\u0000${value}`;
    const list = members.get(key);
    if (list) list.push(position);
    else members.set(key, [position]);
  };
  const positions = new Map<string, number>();
  sessions.forEach((session, position) => {
    positions.set(session.id, position);
    for (const [facet, value] of valuesOf(session)) add(facet, value, position);
  });
  for (const page of pages) {
    const position = positions.get(page.session_id);
    if (position !== undefined) add('url', page.url, position);
  }
  for (const list of members.values()) list.sort((a, b) => a - b);
  const generation = newGeneration();
  await writeSets(trx, 'hour', accountId, hour, generation, members, sessions.length);
  await sql`insert into session_set_hours (account_id, hour, sessions, stale, generation)
    values (${accountId}, ${hour}, ${sessions.length}, 0, ${generation})
    on conflict (account_id, hour) do update
    set sessions = excluded.sessions, stale = 0, generation = excluded.generation`.execute(trx);
}

/**
 * Writes the sets of a whole day from its hours' sets, when every hour of it is sealed and current.
 * Returns whether it did.
 */
async function writeDay(trx: Db, accountId: string, day: number): Promise<boolean> {
  const sealed = await sealedUntil(trx, accountId);
  if (sealed === null || day + DAY > sealed) return false;
  const { rows: hours } = await sql<{
    hour: number | string;
    sessions: number;
    stale: number;
    generation: number | string;
  }>`
    select hour, sessions, stale, generation from session_set_hours
    where account_id = ${accountId} and hour >= ${day} and hour < ${day + DAY} order by hour`.execute(trx);
  if (hours.length === 0 || hours.some((row) => Number(row.stale) !== 0)) return false;
  const offsets: number[] = [];
  const generations = new Map<number, number>();
  const startOf = new Map<number, number>();
  let size = 0;
  for (let hour = day; hour < day + DAY; hour += HOUR) {
    offsets.push(size);
    const row = hours.find((candidate) => Number(candidate.hour) === hour);
    if (!row) continue;
    startOf.set(hour, size);
    generations.set(hour, Number(row.generation));
    size += Number(row.sessions);
  }
  offsets.push(size);
  const { rows: sets } = await sql<{
    facet: string;
    value: string;
    hour: number | string;
    generation: number | string;
    members: Uint8Array;
  }>`
    select facet, value, hour, generation, members
    from session_sets ${isPostgres(trx) ? sql`` : sql`indexed by session_sets_hour_idx`}
    where account_id = ${accountId} and hour >= ${day} and hour < ${day + DAY}`.execute(trx);
  sets.sort((a, b) => Number(a.hour) - Number(b.hour));
  const members = new Map<string, number[]>();
  for (const set of sets) {
    const hour = Number(set.hour);
    const start = startOf.get(hour);
    if (start === undefined || generations.get(hour) !== Number(set.generation)) continue;
    const key = `${set.facet}\u0000${set.value}`;
    let list = members.get(key);
    if (!list) {
      list = [];
      members.set(key, list);
    }
    for (const position of membersOf(set.members)) list.push(start + position);
  }
  const generation = newGeneration();
  await writeSets(trx, 'day', accountId, day, generation, members, size);
  await sql`insert into session_set_days (account_id, day, sessions, offsets, generation)
    values (${accountId}, ${day}, ${size}, ${JSON.stringify(offsets)}, ${generation})
    on conflict (account_id, day) do update
    set sessions = excluded.sessions, offsets = excluded.offsets, generation = excluded.generation`.execute(trx);
  return true;
}

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
      await step((trx) => writeDay(trx, accountId, Number(row.day)), accountId);
    }
  }
  return written;
}
