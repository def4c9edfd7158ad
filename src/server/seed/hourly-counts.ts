import { SESSION_FACETS } from '../features/sessions/session-bulk-rows.ts';
import { DAY } from '../features/sessions/session-rollup.ts';
import type {
  SessionDailyCountsTable,
  SessionDailyFacetsTable,
  SessionsTable,
  VisitorsTable,
} from '../features/sessions/sessions.table.ts';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface HourlyCount {
  account_id: string;
  website_id: string;
  hour: number;
  sessions: number;
}

/**
 * Sessions per (account, website, hour) of a batch, in (website, hour) order: a bulk load adds these to
 * the rollup once per batch instead of a trigger bumping one row per inserted session, and the fixed
 * order makes concurrent loads lock rollup rows in the same order.
 */
export function countByHour(sessions: readonly SessionsTable[]): HourlyCount[] {
  const counts = new Map<string, HourlyCount>();
  for (const session of sessions) {
    const hour = Math.floor(session.creation_timestamp / 3600) * 3600;
    const key = `${session.account_id}\u0000${session.website_id}\u0000${hour}`;
    const found = counts.get(key);
    if (found) found.sessions += 1;
    else counts.set(key, { account_id: session.account_id, website_id: session.website_id, hour, sessions: 1 });
  }
  return [...counts.values()].sort(
    (a, b) => compareText(a.account_id, b.account_id) || compareText(a.website_id, b.website_id) || a.hour - b.hour,
  );
}

/** Adds one row's count to a rollup table keyed by `key`; the same SQL on SQLite and PostgreSQL. */
const addCountSql = (table: string, key: readonly string[]) =>
  `insert into ${table} (${key.join(', ')}, sessions) values (${key.map(() => '?').join(', ')}, ?) ` +
  `on conflict (${key.join(', ')}) do update set sessions = ${table}.sessions + excluded.sessions`;

/** Adds counts to the rollup. */
export const ADD_HOURLY_COUNT_SQL = addCountSql('session_hourly_counts', ['account_id', 'website_id', 'hour']);

export interface FacetCount {
  account_id: string;
  facet: string;
  value: string;
  hour: number;
  website_id: string;
  sessions: number;
}

/**
 * Sessions per (account, facet value, hour, website) of a batch, in key order, for the facet rollup;
 * `visitors` holds the visitor of each session by id. A batch of 100,000 sessions has nearly two
 * million facet values, so each (account, facet, value) gets a small number the first time it is seen and
 * the counts are kept under one numeric key per (value, hour, website): no key strings, one map lookup.
 */
export function countFacetsByHour(
  sessions: readonly SessionsTable[],
  visitorsById: ReadonlyMap<string, VisitorsTable>,
): FacetCount[] {
  const websites: string[] = [];
  const websiteNumbers = new Map<string, number>();
  type FacetValue = Pick<FacetCount, 'account_id' | 'facet' | 'value'>;
  const values: FacetValue[] = [];
  // Per account, per facet (in SESSION_FACETS order): each value's number.
  const valueNumbers = new Map<string, Map<string, number>[]>();
  // Each facet, with the values already worked out for each thing they depend on (`dependsOn`).
  const facetsToCount = SESSION_FACETS.map(([facet, valueOf, dependsOn]) => ({
    facet,
    valueOf,
    dependsOn,
    known: new Map<unknown, string | readonly string[] | null>(),
  }));
  let firstHour = Infinity;
  for (const session of sessions) firstHour = Math.min(firstHour, Math.floor(session.creation_timestamp / 3600));
  // Keys are ((value * hours) + hour) * websites + website; both factors are fixed before the first key.
  const hourSpan =
    sessions.reduce((last, session) => Math.max(last, Math.floor(session.creation_timestamp / 3600)), firstHour) -
    firstHour +
    1;
  const websiteSpan = new Set(sessions.map((session) => session.website_id)).size;
  const counts = new Map<number, number>();
  for (const session of sessions) {
    const hour = Math.floor(session.creation_timestamp / 3600) - firstHour;
    let website = websiteNumbers.get(session.website_id);
    if (website === undefined) {
      website = websites.push(session.website_id) - 1;
      websiteNumbers.set(session.website_id, website);
    }
    let numbersByFacet = valueNumbers.get(session.account_id);
    if (numbersByFacet === undefined) {
      numbersByFacet = SESSION_FACETS.map(() => new Map<string, number>());
      valueNumbers.set(session.account_id, numbersByFacet);
    }
    const visitor = visitorsById.get(session.visitor_id);
    for (let index = 0; index < facetsToCount.length; index += 1) {
      const { facet, valueOf, dependsOn, known } = facetsToCount[index] as (typeof facetsToCount)[number];
      const basis = dependsOn?.(session, visitor);
      let found = basis === undefined ? undefined : known.get(basis);
      if (found === undefined) {
        found = valueOf(session, visitor);
        if (basis !== undefined) known.set(basis, found);
      }
      if (found === null) continue;
      const numbers = numbersByFacet[index] as Map<string, number>;
      const many = typeof found !== 'string';
      for (let at = 0; at < (many ? found.length : 1); at += 1) {
        const value = many ? (found[at] as string) : (found as string);
        if (value === '') continue;
        let number = numbers.get(value);
        if (number === undefined) {
          number = values.push({ account_id: session.account_id, facet, value }) - 1;
          numbers.set(value, number);
        }
        const key = (number * hourSpan + hour) * websiteSpan + website;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  // Each value's and website's number in key order, and back.
  const byValue = Int32Array.from(values.keys()).sort((a, b) => {
    const left = values[a] as FacetValue;
    const right = values[b] as FacetValue;
    return (
      compareText(left.account_id, right.account_id) ||
      compareText(left.facet, right.facet) ||
      compareText(left.value, right.value)
    );
  });
  const byWebsite = Int32Array.from(websites.keys()).sort((a, b) =>
    compareText(websites[a] as string, websites[b] as string),
  );
  const rankOf = (order: Int32Array) => {
    const rank = new Int32Array(order.length);
    order.forEach((index, place) => {
      rank[index] = place;
    });
    return rank;
  };
  const valueRank = rankOf(byValue);
  const websiteRank = rankOf(byWebsite);
  const split = (key: number) => {
    const website = key % websiteSpan;
    const hour = ((key - website) / websiteSpan) % hourSpan;
    return [((key - website) / websiteSpan - hour) / hourSpan, hour, website] as const;
  };
  const join = (value: number, hour: number, website: number) => (value * hourSpan + hour) * websiteSpan + website;
  // The same keys over ranks sort in key order; a typed array sorts numbers natively, objects would not.
  const ranked = Float64Array.from(counts.keys(), (key) => {
    const [value, hour, website] = split(key);
    return join(valueRank[value] as number, hour, websiteRank[website] as number);
  }).sort();
  return Array.from(ranked, (rankedKey) => {
    const [rank, hour, websitePlace] = split(rankedKey);
    const value = byValue[rank] as number;
    const website = byWebsite[websitePlace] as number;
    const { account_id, facet, value: text } = values[value] as FacetValue;
    return {
      account_id,
      facet,
      value: text,
      hour: (firstHour + hour) * 3600,
      website_id: websites[website] as string,
      sessions: counts.get(join(value, hour, website)) as number,
    };
  });
}

/** Adds facet counts to the rollup. */
export const ADD_FACET_COUNT_SQL = addCountSql('session_hourly_facets', [
  'account_id',
  'facet',
  'value',
  'hour',
  'website_id',
]);

/**
 * Hourly rows summed per day, in `compare` order. Rows are summed under `keyOf` (the daily row's key as
 * text) before sorting, so only the daily rows are sorted, a tenth as many as a batch's hourly facet rows.
 */
function sumByDay<Row extends { hour: number; sessions: number }, Daily extends { sessions: number }>(
  rows: readonly Row[],
  keyOf: (row: Row, day: number) => string,
  toDaily: (row: Row, day: number) => Daily,
  compare: (a: Daily, b: Daily) => number,
): Daily[] {
  const summed = new Map<string, Daily>();
  for (const row of rows) {
    const day = Math.floor(row.hour / DAY) * DAY;
    const key = keyOf(row, day);
    const found = summed.get(key);
    if (found === undefined) summed.set(key, toDaily(row, day));
    else found.sessions += row.sessions;
  }
  return [...summed.values()].sort(compare);
}

export type DailyCount = SessionDailyCountsTable;

/** Hourly counts summed per (account, website, UTC day), in key order: session_daily_counts' rows. */
export function countByDay(hourly: readonly HourlyCount[]): DailyCount[] {
  return sumByDay(
    hourly,
    (row, day) => `${row.account_id}\u0000${row.website_id}\u0000${day}`,
    ({ account_id, website_id, sessions }, day) => ({ account_id, website_id, day, sessions }),
    (a, b) => compareText(a.account_id, b.account_id) || compareText(a.website_id, b.website_id) || a.day - b.day,
  );
}

export type DailyFacetCount = SessionDailyFacetsTable;

/** Facet counts summed per (account, facet value, UTC day, website), in key order: session_daily_facets' rows. */
export function countFacetsByDay(facets: readonly FacetCount[]): DailyFacetCount[] {
  return sumByDay(
    facets,
    (row, day) => `${row.account_id}\u0000${row.facet}\u0000${row.value}\u0000${day}\u0000${row.website_id}`,
    ({ account_id, facet, value, website_id, sessions }, day) => ({
      account_id,
      facet,
      value,
      day,
      website_id,
      sessions,
    }),
    (a, b) =>
      compareText(a.account_id, b.account_id) ||
      compareText(a.facet, b.facet) ||
      compareText(a.value, b.value) ||
      a.day - b.day ||
      compareText(a.website_id, b.website_id),
  );
}

/** Adds daily counts to session_daily_counts. */
export const ADD_DAILY_COUNT_SQL = addCountSql('session_daily_counts', ['account_id', 'website_id', 'day']);

/** Adds daily facet counts to session_daily_facets. */
export const ADD_DAILY_FACET_COUNT_SQL = addCountSql('session_daily_facets', [
  'account_id',
  'facet',
  'value',
  'day',
  'website_id',
]);

/** How many of the sessions each visitor has (one batch is always of one account). */
export function countByVisitor(sessions: readonly SessionsTable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const session of sessions) counts.set(session.visitor_id, (counts.get(session.visitor_id) ?? 0) + 1);
  return counts;
}

/**
 * Marks an hour of an account stale in the sets of sealed hours (features/sessions/session-sets.ts) when
 * it is sealed: a bulk load's rows arrive with the triggers that would mark it set aside. Parameters:
 * account, hour, hour, account. MARK_SET_DAY_SQL drops the hour's day (account, day).
 */
export const MARK_SET_HOUR_SQL = `insert into session_set_hours (account_id, hour, sessions, stale, generation)
  select ?, ?, 0, 1, 0 where ? < (select sealed_until from session_set_marks where account_id = ?)
  on conflict (account_id, hour) do update set stale = 1`;
export const MARK_SET_DAY_SQL = 'delete from session_set_days where account_id = ? and day = ?';

/** The distinct (account, hour) pairs of hourly counts, in order. */
export function hoursOf(hourly: readonly HourlyCount[]): [string, number][] {
  const seen = new Map<string, [string, number]>();
  for (const count of hourly) seen.set(`${count.account_id}\u0000${count.hour}`, [count.account_id, count.hour]);
  return [...seen.values()].sort((a, b) => compareText(a[0], b[0]) || a[1] - b[1]);
}

/** The distinct (account, UTC day) pairs of (account, hour) pairs, in order. */
export function daysOf(hours: readonly [string, number][]): [string, number][] {
  const seen = new Map<string, [string, number]>();
  for (const [account, hour] of hours) {
    const day = Math.floor(hour / DAY) * DAY;
    seen.set(`${account}\u0000${day}`, [account, day]);
  }
  return [...seen.values()];
}
