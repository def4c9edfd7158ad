import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { containsText } from '../../db/text-case.ts';

/** Every way a list of sessions can be narrowed; absent fields do not narrow. */
export interface SessionFilter {
  accountId: string;
  emailLower?: string;
  visitorId?: string;
  websiteId?: string;
  from?: number | null;
  to?: number | null;
  device?: string;
  browser?: string;
  os?: string;
  country?: string;
  durationMin?: number;
  durationMax?: number;
  engagementMin?: number;
  engagementMax?: number;
  /** Exclusive upper bounds: only for counting part of a range, never from a query. */
  durationBelow?: number;
  engagementBelow?: number;
  hasErrors?: boolean;
  hasRageClicks?: boolean;
  hasErrorClicks?: boolean;
  identified?: boolean;
  seen?: boolean;
  /** Lower-cased; matched anywhere in the start URL, end URL or a page view's URL. */
  url?: string;
  startUrl?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  tag?: string;
  visitorParam?: { name: string; value: string };
}

type SessionsQuery = SelectQueryBuilder<DatabaseSchema, 'sessions', object>;
type Eb = ExpressionBuilder<DatabaseSchema, 'sessions'>;

function countAtLeastOne(
  query: SessionsQuery,
  column: 'error_logs' | 'rage_clicks' | 'error_clicks',
  wanted: boolean | undefined,
) {
  if (wanted === undefined) return query;
  return query.where(`sessions.${column}`, wanted ? '>' : '=', 0);
}

/** The visitor has an e-mail or a name: the dashboard can tell who they are. */
function identifiedVisitor(eb: Eb) {
  return eb.exists(
    eb
      .selectFrom('visitors')
      .select(sql.lit(1).as('one'))
      .whereRef('visitors.account_id', '=', 'sessions.account_id')
      .whereRef('visitors.id', '=', 'sessions.visitor_id')
      .where((inner) =>
        inner.or([
          inner.and([inner('visitors.email', 'is not', null), inner('visitors.email', '<>', '')]),
          inner.and([inner('visitors.name', 'is not', null), inner('visitors.name', '<>', '')]),
        ]),
      ),
  );
}

/** Text JSON writes as itself between quotes: no quote, backslash, control character or surrogate. */
const plainInJson = (text: string) =>
  [...text].every(
    (char) =>
      char.length === 1 && char >= ' ' && char !== '"' && char !== '\\' && !(char >= '\ud800' && char <= '\udfff'),
  );

// Visitor parameters are a JSON array of {name, value} written by JSON.stringify; each database reads JSON
// its own way. PostgreSQL parses the text for every visitor it tests (about 0.25 ms each under load, 136 ms
// for a first page at 10,000,000 sessions), and SQLite's json_each costs more than its text search too, so
// each first looks for the quoted value in the text, which any match holds when the value has no character
// JSON escapes.
function visitorHasParam(db: Db, eb: Eb, param: { name: string; value: string }) {
  const contains = isPostgres(db)
    ? sql<boolean>`visitors.params::jsonb @> ${JSON.stringify([param])}::jsonb`
    : sql<boolean>`exists (select 1 from json_each(visitors.params) as p
        where json_extract(p.value, '$.name') = ${param.name} and json_extract(p.value, '$.value') = ${param.value})`;
  const quoted = `"${param.value}"`;
  const found = isPostgres(db)
    ? sql`strpos(visitors.params, ${quoted}) > 0`
    : sql`instr(visitors.params, ${quoted}) > 0`;
  const matches = plainInJson(param.value)
    ? sql<boolean>`case when ${found} then ${contains} else ${isPostgres(db) ? sql`false` : sql`0`} end`
    : contains;
  return eb.exists(
    eb
      .selectFrom('visitors')
      .select(sql.lit(1).as('one'))
      .whereRef('visitors.account_id', '=', 'sessions.account_id')
      .whereRef('visitors.id', '=', 'sessions.visitor_id')
      .where(matches),
  );
}

/**
 * The session visited a URL containing `text`: its start URL, end URL or a page view's URL. session_pages
 * keeps each session's distinct lower-cased URLs (migration 2026-11-26T1010), one probe on its key.
 */
function visitedUrl(db: Db, eb: Eb, text: string) {
  return eb.exists(
    eb
      .selectFrom('session_pages')
      .select(sql.lit(1).as('one'))
      .whereRef('session_pages.account_id', '=', 'sessions.account_id')
      .whereRef('session_pages.session_id', '=', 'sessions.id')
      .where(containsText(db, sql.ref('session_pages.url'), text)),
  );
}

/**
 * One of the session's tags (the string elements of its JSON array) equals `tag`, both lower-cased by the
 * database: the same comparison as the `tag` facet of session_hourly_facets (migration 2026-11-26T1000).
 */
function hasTag(db: Db, eb: Eb, tag: string) {
  return isPostgres(db)
    ? sql<boolean>`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(sessions.tags::jsonb) = 'array'
        then sessions.tags::jsonb else '[]'::jsonb end) as t
        where jsonb_typeof(t.value) = 'string' and lower(t.value #>> '{}') = lower(${tag}))`
    : sql<boolean>`exists (select 1 from json_each(case when json_valid(sessions.tags) then sessions.tags else '[]' end) as t
        where t.type = 'text' and lower(t.value) = lower(${tag}))`;
}

/**
 * An engagement bound as the database compares it. PostgreSQL keeps scores as `real` and reads a bound as
 * one too, refusing what single precision cannot hold (1e-300 is "out of range"); rounding it the same way
 * here keeps the comparison it would make and removes the error. SQLite compares in double precision.
 */
function engagementBound(db: Db, value: number): number {
  return isPostgres(db) ? Math.fround(value) : value;
}

/** Narrows a query over sessions to the filter. */
export function applyFilter(db: Db, query: SessionsQuery, filter: SessionFilter): SessionsQuery {
  let q = query.where('sessions.account_id', '=', filter.accountId);
  if (filter.visitorId !== undefined) q = q.where('sessions.visitor_id', '=', filter.visitorId);
  if (filter.emailLower !== undefined) {
    const emailLower = filter.emailLower;
    q = q.where('sessions.visitor_id', 'in', (eb: Eb) =>
      eb
        .selectFrom('visitors')
        .select('visitors.id')
        .where('visitors.account_id', '=', filter.accountId)
        .where('visitors.email_lower', '=', emailLower),
    );
  }
  if (filter.websiteId !== undefined) q = q.where('sessions.website_id', '=', filter.websiteId);
  if (filter.from != null) q = q.where('sessions.creation_timestamp', '>=', filter.from);
  if (filter.to != null) q = q.where('sessions.creation_timestamp', '<', filter.to);
  if (filter.device !== undefined) q = q.where('sessions.device', '=', filter.device);
  if (filter.browser !== undefined) q = q.where('sessions.browser_name', '=', filter.browser);
  if (filter.os !== undefined) q = q.where('sessions.os_name', '=', filter.os);
  if (filter.country !== undefined) q = q.where('sessions.country_code', '=', filter.country);
  if (filter.durationMin !== undefined) q = q.where('sessions.duration', '>=', filter.durationMin);
  if (filter.durationMax !== undefined) q = q.where('sessions.duration', '<=', filter.durationMax);
  if (filter.engagementMin !== undefined)
    q = q.where('sessions.engagement_score', '>=', engagementBound(db, filter.engagementMin));
  if (filter.engagementMax !== undefined)
    q = q.where('sessions.engagement_score', '<=', engagementBound(db, filter.engagementMax));
  if (filter.durationBelow !== undefined) q = q.where('sessions.duration', '<', filter.durationBelow);
  if (filter.engagementBelow !== undefined)
    q = q.where('sessions.engagement_score', '<', engagementBound(db, filter.engagementBelow));
  q = countAtLeastOne(q, 'error_logs', filter.hasErrors);
  q = countAtLeastOne(q, 'rage_clicks', filter.hasRageClicks);
  q = countAtLeastOne(q, 'error_clicks', filter.hasErrorClicks);
  if (filter.seen !== undefined) q = q.where('sessions.seen', '=', filter.seen ? 1 : 0);
  if (filter.utmSource !== undefined) q = q.where('sessions.utm_source', '=', filter.utmSource);
  if (filter.utmMedium !== undefined) q = q.where('sessions.utm_medium', '=', filter.utmMedium);
  if (filter.utmCampaign !== undefined) q = q.where('sessions.utm_campaign', '=', filter.utmCampaign);
  if (filter.startUrl !== undefined) q = q.where(containsText(db, sql`lower(sessions.start_url)`, filter.startUrl));
  if (filter.referrer !== undefined) q = q.where(containsText(db, sql`lower(sessions.referrer)`, filter.referrer));
  const { tag } = filter;
  if (tag !== undefined) q = q.where((eb) => hasTag(db, eb, tag));
  if (filter.identified !== undefined) {
    const identified = filter.identified;
    q = q.where((eb) => (identified ? identifiedVisitor(eb) : eb.not(identifiedVisitor(eb))));
  }
  const { visitorParam, url } = filter;
  if (visitorParam !== undefined) q = q.where((eb) => visitorHasParam(db, eb, visitorParam));
  if (url !== undefined) q = q.where((eb) => visitedUrl(db, eb, url));
  return q;
}
