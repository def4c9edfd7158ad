import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionFilter } from './session-filter.ts';
import type { SessionsTable } from './sessions.table.ts';

export const HOUR = 3600;

/** Filter fields kept by value in session_hourly_facets, with the facet's name there. */
const VALUE_FACETS: Partial<Record<keyof SessionFilter, string>> = {
  device: 'device',
  browser: 'browser',
  os: 'os',
  country: 'country',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
};

/** Yes/no filter fields: session_hourly_facets keeps their "yes" sessions under the value '1'. */
const SIGNAL_FACETS: Partial<Record<keyof SessionFilter, string>> = {
  hasErrors: 'has_errors',
  hasRageClicks: 'has_rage_clicks',
  hasErrorClicks: 'has_error_clicks',
  seen: 'seen',
};

const yes = (count: number) => (count > 0 ? '1' : null);

/**
 * A session's facet values as the database triggers keep them (migration 2026-11-25T1000): for a bulk
 * load, which adds a batch's facets itself instead of row by row.
 */
export const SESSION_FACETS: readonly [name: string, value: (session: SessionsTable) => string | null][] = [
  ['device', (session) => session.device],
  ['browser', (session) => session.browser_name],
  ['os', (session) => session.os_name],
  ['country', (session) => session.country_code],
  ['utm_source', (session) => session.utm_source],
  ['utm_medium', (session) => session.utm_medium],
  ['utm_campaign', (session) => session.utm_campaign],
  ['has_errors', (session) => yes(session.error_logs)],
  ['has_rage_clicks', (session) => yes(session.rage_clicks)],
  ['has_error_clicks', (session) => yes(session.error_clicks)],
  ['seen', (session) => yes(session.seen)],
];

/** Fields every rollup row carries: they narrow rollup rows directly. */
const PLACE_FIELDS = new Set<string>(['accountId', 'websiteId', 'from', 'to']);

/** One facet value of session_hourly_facets; `negated` counts the hour's other sessions instead. */
export interface RollupFacet {
  name: string;
  value: string;
  negated: boolean;
}

/**
 * How the hourly rollups count a filter: `{ facet: null }` when only the account, website and dates
 * narrow (session_hourly_counts), one facet when a single property or yes/no signal narrows too, or null
 * when the rollups cannot count it and the rows must be counted.
 */
export function rollupFor(filter: SessionFilter): { facet: RollupFacet | null } | null {
  let facet: RollupFacet | null = null;
  for (const [key, value] of Object.entries(filter) as [keyof SessionFilter, unknown][]) {
    if (value === undefined || value === null || PLACE_FIELDS.has(key)) continue;
    if (facet) return null;
    const byValue = VALUE_FACETS[key];
    const signal = SIGNAL_FACETS[key];
    if (byValue !== undefined && typeof value === 'string' && value !== '') {
      facet = { name: byValue, value, negated: false };
    } else if (signal !== undefined && typeof value === 'boolean') {
      facet = { name: signal, value: '1', negated: !value };
    } else {
      return null;
    }
  }
  return { facet };
}

/** Whole hours inside a date range: the first hour starting at or after `from`, the end hour before `to`. */
export function wholeHours(filter: SessionFilter): { from: number | null; to: number | null } {
  return {
    from: filter.from == null ? null : Math.ceil(filter.from / HOUR) * HOUR,
    to: filter.to == null ? null : Math.floor(filter.to / HOUR) * HOUR,
  };
}

function placed(filter: SessionFilter, hours: { from: number | null; to: number | null }): RawBuilder<unknown>[] {
  const conditions = [sql`account_id = ${filter.accountId}`];
  if (filter.websiteId !== undefined) conditions.push(sql`website_id = ${filter.websiteId}`);
  if (hours.from !== null) conditions.push(sql`hour >= ${hours.from}`);
  if (hours.to !== null) conditions.push(sql`hour < ${hours.to}`);
  return conditions;
}

/**
 * Rows (hour, sessions) whose sums per hour are the filter's sessions in each whole hour; an hour may
 * appear more than once, so callers sum. A negated signal is the hour's total minus its "yes" sessions.
 */
export function hourlyRows(
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
): RawBuilder<{ hour: number | string; sessions: number | string }> {
  const where = placed(filter, hours);
  const all = sql`select hour, sessions from session_hourly_counts where ${sql.join(where, sql` and `)}`;
  if (!facet) return all as RawBuilder<{ hour: number; sessions: number }>;
  const faceted = [...where, sql`facet = ${facet.name}`, sql`value = ${facet.value}`];
  const sign = facet.negated ? sql`-sessions` : sql`sessions`;
  const withFacet = sql`select hour, ${sign} as sessions from session_hourly_facets where ${sql.join(faceted, sql` and `)}`;
  return (facet.negated ? sql`${all} union all ${withFacet}` : withFacet) as RawBuilder<{
    hour: number;
    sessions: number;
  }>;
}

/** The filter's sessions in whole hours from `hours.from` to `hours.to`, summed from the rollups. */
export async function sumWholeHours(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
): Promise<number> {
  const result = await sql<{ total: number | string | null }>`
    select sum(sessions) as total from (${hourlyRows(filter, facet, hours)}) as hourly`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}
