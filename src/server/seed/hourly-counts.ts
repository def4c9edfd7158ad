import { SESSION_FACETS } from '../features/sessions/session-bulk-rows.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';

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
    (a, b) =>
      (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0) ||
      (a.website_id < b.website_id ? -1 : a.website_id > b.website_id ? 1 : 0) ||
      a.hour - b.hour,
  );
}

/** Adds counts to the rollup; the same SQL on SQLite and PostgreSQL. */
export const ADD_HOURLY_COUNT_SQL =
  'insert into session_hourly_counts (account_id, website_id, hour, sessions) values (?, ?, ?, ?) ' +
  'on conflict (account_id, website_id, hour) do update set sessions = session_hourly_counts.sessions + excluded.sessions';

export interface FacetCount {
  account_id: string;
  facet: string;
  value: string;
  hour: number;
  website_id: string;
  sessions: number;
}

/** Map lookup that creates the entry on first use. */
function entry<Key, Value>(map: Map<Key, Value>, key: Key, create: () => Value): Value {
  let found = map.get(key);
  if (found === undefined) {
    found = create();
    map.set(key, found);
  }
  return found;
}

const sortedKeys = <Key extends string | number>(map: Map<Key, unknown>): Key[] =>
  [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Sessions per (account, facet value, hour, website) of a batch, in key order, for the facet rollup; the
 * batch's `visitors` are all the visitors of its sessions. Counted in nested maps (account, facet, value, hour, website) rather than one map of joined string keys: a batch
 * of 100,000 sessions has over a million facet values, and building a key string for each costs more
 * than writing the counts.
 */
export function countFacetsByHour(
  sessions: readonly SessionsTable[],
  visitors: readonly VisitorsTable[],
): FacetCount[] {
  const visitorsById = new Map(visitors.map((visitor) => [visitor.id, visitor]));
  type Websites = Map<string, number>;
  type Hours = Map<number, Websites>;
  type Values = Map<string, Hours>;
  const counts = new Map<string, Map<string, Values>>();
  for (const session of sessions) {
    const hour = Math.floor(session.creation_timestamp / 3600) * 3600;
    const facets = entry(counts, session.account_id, () => new Map<string, Values>());
    const visitor = visitorsById.get(session.visitor_id);
    for (const [facet, valueOf] of SESSION_FACETS) {
      const found = valueOf(session, visitor);
      if (found === null) continue;
      for (const value of typeof found === 'string' ? [found] : found) {
        if (value === '') continue;
        const values = entry(facets, facet, (): Values => new Map());
        const websites = entry(
          entry(values, value, (): Hours => new Map()),
          hour,
          (): Websites => new Map(),
        );
        websites.set(session.website_id, (websites.get(session.website_id) ?? 0) + 1);
      }
    }
  }
  const rows: FacetCount[] = [];
  for (const account_id of sortedKeys(counts)) {
    const facets = counts.get(account_id) ?? new Map<string, Values>();
    for (const facet of sortedKeys(facets)) {
      const values: Values = facets.get(facet) ?? new Map();
      for (const value of sortedKeys(values)) {
        const hours: Hours = values.get(value) ?? new Map();
        for (const hour of sortedKeys(hours)) {
          const websites: Websites = hours.get(hour) ?? new Map();
          for (const website_id of sortedKeys(websites)) {
            rows.push({ account_id, facet, value, hour, website_id, sessions: websites.get(website_id) ?? 0 });
          }
        }
      }
    }
  }
  return rows;
}

/** Adds facet counts to the rollup; the same SQL on SQLite and PostgreSQL. */
export const ADD_FACET_COUNT_SQL =
  'insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions) values (?, ?, ?, ?, ?, ?) ' +
  'on conflict (account_id, facet, value, hour, website_id) do update set sessions = session_hourly_facets.sessions + excluded.sessions';

/** How many of the sessions each visitor has (one batch is always of one account). */
export function countByVisitor(sessions: readonly SessionsTable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const session of sessions) counts.set(session.visitor_id, (counts.get(session.visitor_id) ?? 0) + 1);
  return counts;
}
