import type { SessionPagesTable, SessionsTable, VisitorsTable } from './sessions.table.ts';
import { RANGE_FACETS, type RangeFacet } from './session-range-rollup.ts';
import { PARAM_SEPARATOR } from './session-rollup.ts';

// What the triggers of the rollups and of session_pages derive from each session, computed here for a
// bulk load (the seeder), which writes a batch's rows itself instead of through the row triggers.

const yes = (count: number) => (count > 0 ? '1' : null);

/** The lower edge of the bucket holding `value`, as text; null below the first edge. */
function bucketOf(value: number, edges: readonly number[]): string | null {
  for (let index = edges.length - 1; index >= 0; index -= 1) {
    const edge = edges[index] as number;
    if (value >= edge) return String(edge);
  }
  return null;
}

const [DURATION, ENGAGEMENT] = RANGE_FACETS as [RangeFacet, RangeFacet];

const UPPER_ASCII = /[A-Z]/;

/** Lower-cases as SQLite's lower() does (ASCII letters only); the seeder's data is ASCII. */
const lowerAscii = (text: string) =>
  UPPER_ASCII.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;

/** Parses a JSON array held as text; anything else has no elements. */
function jsonArray(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** A session's distinct tags as the `tag` facet keeps them. */
const tagsOf = (session: SessionsTable) => [
  ...new Set(
    jsonArray(session.tags).flatMap((tag) => (typeof tag === 'string' && tag !== '' ? [lowerAscii(tag)] : [])),
  ),
];

/** A visitor's distinct string parameters as the `visitor_param` facet keeps them. */
const paramsOf = (visitor: VisitorsTable | undefined) => [
  ...new Set(
    jsonArray(visitor?.params ?? '[]').flatMap((param) => {
      const { name, value } = (param ?? {}) as { name?: unknown; value?: unknown };
      return typeof name === 'string' && typeof value === 'string' ? [`${name}${PARAM_SEPARATOR}${value}`] : [];
    }),
  ),
];

const identifies = (visitor: VisitorsTable | undefined) =>
  (visitor?.email ?? '') !== '' || (visitor?.name ?? '') !== '';

type FacetValueOf = (session: SessionsTable, visitor: VisitorsTable | undefined) => string | readonly string[] | null;

/**
 * A session's facet values as the database triggers keep them (migrations 2026-11-25T1000 and
 * 2026-11-26T1000): for a bulk load, which adds a batch's facets itself instead of row by row. `visitor`
 * is the session's visitor. A facet whose values depend on one thing only (the visitor, the tags' text)
 * names it as `dependsOn`, so that a batch works out the values once per visitor or text, not per session.
 */
export const SESSION_FACETS: readonly [
  name: string,
  value: FacetValueOf,
  dependsOn?: (session: SessionsTable, visitor: VisitorsTable | undefined) => unknown,
][] = [
  ['identified', (_session, visitor) => (identifies(visitor) ? '1' : null), (_session, visitor) => visitor],
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
  ['duration', (session) => bucketOf(session.duration, DURATION.edges)],
  // Seeded scores carry one decimal, so single precision (PostgreSQL's real) buckets them alike.
  ['engagement', (session) => bucketOf(session.engagement_score, ENGAGEMENT.edges)],
  ['start_url', (session) => lowerAscii(session.start_url)],
  ['referrer', (session) => lowerAscii(session.referrer)],
  ['tag', tagsOf, (session) => session.tags],
  ['visitor_param', (_session, visitor) => paramsOf(visitor), (_session, visitor) => visitor],
];

export const PAGE_COLUMNS = [
  'account_id',
  'session_id',
  'url',
  'creation_timestamp',
  'website_id',
  'refs',
] as const satisfies readonly (keyof SessionPagesTable)[];

/**
 * The distinct (account, facet, value) rows of session_text_values that sessions hold, in key order:
 * their URLs, start URLs and referrers.
 */
export function sessionTextValues(sessions: readonly SessionsTable[]): [string, string, string][] {
  const byAccount = new Map<string, Map<string, Set<string>>>();
  for (const session of sessions) {
    let facets = byAccount.get(session.account_id);
    if (facets === undefined) {
      facets = new Map([
        ['referrer', new Set<string>()],
        ['start_url', new Set<string>()],
        ['url', new Set<string>()],
      ]);
      byAccount.set(session.account_id, facets);
    }
    for (const page of sessionPages(session)) facets.get('url')?.add(page.url);
    facets.get('start_url')?.add(lowerAscii(session.start_url));
    facets.get('referrer')?.add(lowerAscii(session.referrer));
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const rows: [string, string, string][] = [];
  for (const account of [...byAccount.keys()].sort(compare)) {
    // The facets were added in their sort order.
    for (const [facet, values] of byAccount.get(account) ?? []) {
      for (const value of [...values].sort(compare)) if (value !== '') rows.push([account, facet, value]);
    }
  }
  return rows;
}

/** A session's rows of session_pages (migration 2026-11-26T1010), for a bulk load: its start and end URL. */
export function sessionPages(session: SessionsTable): SessionPagesTable[] {
  const refs = new Map<string, number>();
  for (const url of [session.start_url, session.end_url].map(lowerAscii)) {
    if (url !== '') refs.set(url, (refs.get(url) ?? 0) + 1);
  }
  return [...refs].map(([url, count]) => ({
    account_id: session.account_id,
    session_id: session.id,
    url,
    creation_timestamp: session.creation_timestamp,
    website_id: session.website_id,
    refs: count,
  }));
}
