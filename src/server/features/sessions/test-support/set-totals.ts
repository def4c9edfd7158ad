// What the tests of totals counted from the sealed hours' sets share: conditions kept as sets, each with
// the same test on a row, and a total checked against the rows.
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type Db, isPostgres } from '../../../db/database.ts';
import { type FindingRow, type RowCondition, visited } from '../session-finding-fixtures.ts';
import { sealAll } from '../session-sets.ts';
import type { TestContext } from '../../../test/harness.ts';

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Asks GET /v1/sessions with `token` for a query string's `total`, which must be a 200. */
export function totalOf(context: () => TestContext, token: string) {
  return async (query: string): Promise<number> => {
    const response = await context().request(token, { method: 'GET', url: `/v1/sessions?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ total: number }>().total;
  };
}

/** Rows of `table` that meet `where`. */
export async function countRows(db: Db, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Seals everything sealable at `now` (seconds); returns the hours and days written. */
export function sealAllAt(db: Db, now: number): Promise<number> {
  return sealAll(db, { now: () => now * 1000, perRun: 50 });
}

/**
 * Fresh planner statistics on PostgreSQL, as autovacuum keeps them: without any, it takes the new tables
 * for empty and pages a URL filter by a nested loop over every session.
 */
export async function analyze(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`analyze`.execute(db);
}

/** Conditions kept as sets, each as a query parameter and the same test on a row. */
export const SET_CONDITIONS: RowCondition[] = [
  ['device=mobile', (row) => row.device === 'mobile'],
  ['browser=Firefox', (row) => row.browser_name === 'Firefox'],
  ['os=iOS', (row) => row.os_name === 'iOS'],
  ['country=FR', (row) => row.country_code === 'FR'],
  ['utm_source=newsletter', (row) => row.utm_source === 'newsletter'],
  ['utm_medium=cpc', (row) => row.utm_medium === 'cpc'],
  ['utm_campaign=winter', (row) => row.utm_campaign === 'winter'],
  ['has_errors=true', (row) => row.error_logs > 0],
  ['has_errors=false', (row) => row.error_logs === 0],
  ['has_rage_clicks=true', (row) => row.rage_clicks > 0],
  ['has_error_clicks=false', (row) => row.error_clicks === 0],
  ['start_url=checkout', (row) => row.start_url.toLowerCase().includes('checkout')],
  ['referrer=google', (row) => row.referrer.toLowerCase().includes('google')],
  ['duration_min=120', (row) => row.duration >= 120],
  ['duration_max=30', (row) => row.duration <= 30],
  ['engagement_min=40', (row) => row.engagement_score >= 40],
  // Not on a bucket edge: counted by the rows, exact all the same.
  ['duration_min=100', (row) => row.duration >= 100],
];

export const URLS: RowCondition[] = [
  ['url=products', (row) => visited(row, 'products')],
  ['url=thanks', (row) => visited(row, 'thanks')],
  ['url=50%25-off', (row) => visited(row, '50%-off')],
  ['url=SHOP', (row) => visited(row, 'shop')],
];

export async function expectTotals(
  request: (query: string) => Promise<number>,
  rows: readonly FindingRow[],
  conditions: readonly RowCondition[],
  range: { from: number | null; to: number | null },
): Promise<number> {
  const query = new URLSearchParams(`${conditions.map(([text]) => text).join('&')}&tz=UTC`);
  if (range.from !== null) query.set('date_from', iso(range.from));
  if (range.to !== null) query.set('date_to', iso(range.to));
  const expected = rows.filter(
    (row) =>
      conditions.every(([, matches]) => matches(row)) &&
      (range.from === null || row.creation_timestamp >= range.from) &&
      (range.to === null || row.creation_timestamp < range.to),
  ).length;
  expect(await request(query.toString()), query.toString()).toBe(expected);
  return expected;
}
