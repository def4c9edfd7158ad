import { SESSION_FACETS } from '../features/sessions/session-rollup.ts';
import type { SessionsTable } from '../features/sessions/sessions.table.ts';

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

/** Sessions per (account, facet value, hour, website) of a batch, in key order, for the facet rollup. */
export function countFacetsByHour(sessions: readonly SessionsTable[]): FacetCount[] {
  const counts = new Map<string, FacetCount>();
  for (const session of sessions) {
    const hour = Math.floor(session.creation_timestamp / 3600) * 3600;
    for (const [facet, valueOf] of SESSION_FACETS) {
      const value = valueOf(session);
      if (value === null || value === '') continue;
      const key = `${session.account_id}\u0000${facet}\u0000${value}\u0000${hour}\u0000${session.website_id}`;
      const found = counts.get(key);
      if (found) found.sessions += 1;
      else
        counts.set(key, {
          account_id: session.account_id,
          facet,
          value,
          hour,
          website_id: session.website_id,
          sessions: 1,
        });
    }
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts.values()].sort(
    (a, b) =>
      text(a.account_id, b.account_id) ||
      text(a.facet, b.facet) ||
      text(a.value, b.value) ||
      a.hour - b.hour ||
      text(a.website_id, b.website_id),
  );
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
