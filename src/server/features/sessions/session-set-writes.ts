import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { RANGE_FACETS } from './session-range-rollup.ts';
import { DAY, HOUR } from './session-rollup.ts';
import { encodeSet, membersOf } from './session-set-encoding.ts';
import type { SetFacet } from './session-sets.ts';

// What a build of an hour or a day writes (session-sets.ts decides which and when, under the account's
// lock): the hour's sets from its sessions and their URLs, a day's from its hours' sets.

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
export async function writeHour(trx: Db, accountId: string, hour: number): Promise<void> {
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
  // Each session's number of distinct URLs (session_pages keeps one row for each), none kept as no_url.
  const urlCounts = new Uint32Array(sessions.length);
  for (const page of pages) {
    const position = positions.get(page.session_id);
    if (position === undefined) continue;
    add('url', page.url, position);
    urlCounts[position] = (urlCounts[position] ?? 0) + 1;
  }
  urlCounts.forEach((count, position) => {
    if (count === 0) add('no_url', '1', position);
    else add('url_count', String(count), position);
  });
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
export async function writeDay(trx: Db, accountId: string, day: number, sealed: number | null): Promise<boolean> {
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
