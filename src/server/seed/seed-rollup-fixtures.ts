import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';

/** The rollup and a direct count per (website, hour), side by side. */
export async function rollupAndCount(handle: DatabaseHandle, accountId: string) {
  const rollup = await handle.db
    .selectFrom('session_hourly_counts')
    .select(['website_id', 'hour', 'sessions'])
    .where('account_id', '=', accountId)
    .where('sessions', '>', 0)
    .orderBy('website_id')
    .orderBy('hour')
    .execute();
  const counted = await sql<{ website_id: string; hour: number | string; sessions: number | string }>`
    select website_id, (creation_timestamp / 3600) * 3600 as hour, count(*) as sessions from sessions
    where account_id = ${accountId} group by website_id, (creation_timestamp / 3600) * 3600 order by website_id, hour`.execute(
    handle.db,
  );
  const plain = (rows: { website_id: string; hour: number | string; sessions: number | string }[]) =>
    rows.map((row) => [row.website_id, Number(row.hour), Number(row.sessions)]);
  return { rollup: plain(rollup), counted: plain(counted.rows) };
}

/** Each facet's value as plain SQL over a session row: the test's own statement of what is kept. */
const FACET_VALUES: Record<string, string> = {
  device: 'device',
  browser: 'browser_name',
  os: 'os_name',
  country: 'country_code',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  has_errors: "case when error_logs > 0 then '1' end",
  has_rage_clicks: "case when rage_clicks > 0 then '1' end",
  has_error_clicks: "case when error_clicks > 0 then '1' end",
  seen: "case when seen <> 0 then '1' end",
  duration: `case ${[0, 5, 10, 20, 30, 45, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 7200]
    .flatMap((edge) => [edge, edge + 1])
    .reverse()
    .map((edge) => `when duration >= ${edge} then '${edge}'`)
    .join(' ')} end`,
  engagement: `case ${Array.from({ length: 21 }, (_, index) => 100 - 5 * index)
    .map((edge) => `when engagement_score >= ${edge} then '${edge}'`)
    .join(' ')} end`,
  start_url: 'lower(start_url)',
  referrer: 'lower(referrer)',
};

type FacetRow = [facet: string, value: string, hour: number, website: string, sessions: number];

/** The tag and visitor-parameter facets counted in plain code from the stored JSON. */
async function listFacetsCounted(handle: DatabaseHandle, accountId: string): Promise<FacetRow[]> {
  const { rows } = await sql<{ tags: string; params: string; hour: number | string; website_id: string }>`
    select s.tags, v.params, (s.creation_timestamp / 3600) * 3600 as hour, s.website_id
    from sessions s join visitors v on v.account_id = s.account_id and v.id = s.visitor_id
    where s.account_id = ${accountId}`.execute(handle.db);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const tags = new Set((JSON.parse(row.tags) as string[]).map((tag) => tag.toLowerCase()));
    const params = new Set(
      (JSON.parse(row.params) as { name: string; value: string }[]).map((param) => `${param.name}\u0001${param.value}`),
    );
    const keys = [...[...tags].map((tag) => ['tag', tag]), ...[...params].map((param) => ['visitor_param', param])];
    for (const [facet, value] of keys) {
      const key = JSON.stringify([facet, value, Number(row.hour), row.website_id]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].map(([key, sessions]) => [...(JSON.parse(key) as [string, string, number, string]), sessions]);
}

const byKey = (a: FacetRow, b: FacetRow) => {
  const left = JSON.stringify(a.slice(0, 4));
  const right = JSON.stringify(b.slice(0, 4));
  return left < right ? -1 : left > right ? 1 : 0;
};

/** Each session's start and end URL, lower-cased, against session_pages. */
export async function pagesAndDerived(handle: DatabaseHandle, accountId: string) {
  const stored = await handle.db
    .selectFrom('session_pages')
    .select(['session_id', 'url', 'creation_timestamp', 'website_id', 'refs'])
    .where('account_id', '=', accountId)
    .execute();
  const sessions = await handle.db
    .selectFrom('sessions')
    .select(['id', 'start_url', 'end_url', 'referrer', 'creation_timestamp', 'website_id'])
    .where('account_id', '=', accountId)
    .execute();
  const derived = sessions.flatMap((session) => {
    const refs = new Map<string, number>();
    for (const url of [session.start_url, session.end_url].map((text) => text.toLowerCase()).filter(Boolean)) {
      refs.set(url, (refs.get(url) ?? 0) + 1);
    }
    return [...refs].map(([url, count]) => [
      session.id,
      url,
      Number(session.creation_timestamp),
      session.website_id,
      count,
    ]);
  });
  const plain = stored.map((row) => [
    row.session_id,
    row.url,
    Number(row.creation_timestamp),
    row.website_id,
    Number(row.refs),
  ]);
  const order = (a: unknown[], b: unknown[]) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  expect(derived.length).toBeGreaterThan(sessions.length);
  // The distinct values contains-filters search: every URL, start URL and referrer, once.
  const values = await handle.db
    .selectFrom('session_text_values')
    .select(['facet', 'value'])
    .where('account_id', '=', accountId)
    .execute();
  const expectedValues = new Set([
    ...derived.map((row) => JSON.stringify(['url', row[1]])),
    ...sessions.flatMap((session) =>
      [
        ['start_url', session.start_url],
        ['referrer', session.referrer],
      ]
        .filter(([, value]) => value !== '')
        .map(([facet, value]) => JSON.stringify([facet, value?.toLowerCase()])),
    ),
  ]);
  expect(values.map((row) => JSON.stringify([row.facet, row.value])).sort()).toEqual([...expectedValues].sort());
  return { stored: plain.sort(order), derived: derived.sort(order) };
}

/** A facet rollup row, stored or counted, as either database returns it. */
interface FacetCountRow {
  facet: string;
  value: string;
  hour: number | string;
  website_id: string;
  sessions: number | string;
}

/** The facet rollup and a direct count per (facet, value, hour, website), side by side. */
export async function facetsAndCount(handle: DatabaseHandle, accountId: string) {
  const rollup = await sql<FacetCountRow>`
    select facet, value, hour, website_id, sessions from session_hourly_facets
    where account_id = ${accountId} and sessions > 0 order by facet, value, hour, website_id`.execute(handle.db);
  const selects = Object.entries(FACET_VALUES).map(
    ([
      facet,
      value,
    ]) => sql`select ${facet} as facet, ${sql.raw(value)} as value, (creation_timestamp / 3600) * 3600 as hour,
      website_id from sessions where account_id = ${accountId}`,
  );
  selects.push(sql`select 'identified' as facet, '1' as value, (s.creation_timestamp / 3600) * 3600 as hour, s.website_id
    from sessions s join visitors v on v.account_id = s.account_id and v.id = s.visitor_id
    where s.account_id = ${accountId} and (coalesce(v.email, '') <> '' or coalesce(v.name, '') <> '')`);
  const counted = await sql<FacetCountRow>`
    select facet, value, hour, website_id, count(*) as sessions from (${sql.join(selects, sql` union all `)}) as f
    where value is not null and value <> '' group by facet, value, hour, website_id order by facet, value, hour, website_id`.execute(
    handle.db,
  );
  const plain = (rows: FacetCountRow[]): FacetRow[] =>
    rows.map((row) => [row.facet, row.value, Number(row.hour), row.website_id, Number(row.sessions)]);
  const all = [...plain(counted.rows), ...(await listFacetsCounted(handle, accountId))].sort(byKey);
  const facets = new Set(all.map((row) => row[0]));
  // Every facet, identified, tag and visitor_param included, holds seeded sessions.
  expect(facets.size).toBe(Object.keys(FACET_VALUES).length + 3);
  return { rollup: plain(rollup.rows).sort(byKey), counted: all };
}

/** Visitors of the account whose session_count differs from the sessions they have. */
export async function visitorsWithWrongCounts(handle: DatabaseHandle, accountId: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from visitors v where v.account_id = ${accountId} and v.session_count <>
      (select count(*) from sessions s where s.account_id = v.account_id and s.visitor_id = v.id)`.execute(handle.db);
  return Number(rows[0]?.n);
}

/**
 * Each daily rollup beside its hourly rollup summed by UTC day, keys and counts as plain arrays; rows
 * (or days) that sum to zero are left out of both.
 */
export async function dailyAndHourly(handle: DatabaseHandle, accountId: string) {
  const pairs = [
    { daily: 'session_daily_counts', hourly: 'session_hourly_counts', keys: ['website_id'] },
    { daily: 'session_daily_facets', hourly: 'session_hourly_facets', keys: ['facet', 'value', 'website_id'] },
  ];
  return Promise.all(
    pairs.map(async ({ daily, hourly, keys }) => {
      const columns = sql.raw(keys.join(', '));
      const stored = await sql<Record<string, string | number>>`
        select ${columns}, day, sessions from ${sql.table(daily)}
        where account_id = ${accountId} and sessions <> 0 order by ${columns}, day`.execute(handle.db);
      const summed = await sql<Record<string, string | number>>`
        select ${columns}, (hour / 86400) * 86400 as day, sum(sessions) as sessions from ${sql.table(hourly)}
        where account_id = ${accountId} group by ${columns}, (hour / 86400) * 86400
        having sum(sessions) <> 0 order by ${columns}, day`.execute(handle.db);
      const plain = (rows: Record<string, string | number>[]) =>
        rows.map((row) => [...keys.map((key) => row[key]), Number(row.day), Number(row.sessions)]);
      return { table: daily, stored: plain(stored.rows), summed: plain(summed.rows) };
    }),
  );
}

/**
 * Checks that everything a load keeps beside the sessions matches them: the hourly and facet rollups,
 * the pages and the visitors' counts; `sessions` is how many the account should hold.
 */
export async function expectDerivedRowsExact(handle: DatabaseHandle, accountId: string, sessions: number) {
  const { rollup, counted } = await rollupAndCount(handle, accountId);
  expect(rollup).toEqual(counted);
  expect(counted.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(sessions);
  const facets = await facetsAndCount(handle, accountId);
  expect(facets.rollup).toEqual(facets.counted);
  const pages = await pagesAndDerived(handle, accountId);
  expect(pages.stored).toEqual(pages.derived);
  expect(await visitorsWithWrongCounts(handle, accountId)).toBe(0);
  for (const { stored, summed } of await dailyAndHourly(handle, accountId)) {
    expect(summed.length).toBeGreaterThan(0);
    expect(stored).toEqual(summed);
  }
}
