import { type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { countAmong, countVisitingSessions } from './session-counts.ts';
import { containsText } from '../../db/text-case.ts';
import type { SessionFilter } from './session-filter.ts';
import { rollupFor, sumWholeHours, wholeHours } from './session-rollup.ts';

/**
 * A filter condition held by an index on sessions that ends in (creation_timestamp, id): whether a session
 * meets it is one seek into that index, without reading the session's row.
 */
interface IndexedCondition {
  field: keyof SessionFilter;
  index: string;
  /** The condition on the sessions row named `alias`, as the index states it. */
  on(alias: string): RawBuilder<boolean>;
}

/** Equality filters and the index (account_id, column, creation_timestamp, id) of each. */
const EQUALITY_INDEXES: readonly [keyof SessionFilter, string, string][] = [
  ['websiteId', 'website_id', 'sessions_website_idx'],
  ['visitorId', 'visitor_id', 'sessions_visitor_idx'],
  ['device', 'device', 'sessions_filter_device_idx'],
  ['browser', 'browser_name', 'sessions_filter_browser_name_idx'],
  ['os', 'os_name', 'sessions_filter_os_name_idx'],
  ['country', 'country_code', 'sessions_filter_country_code_idx'],
  ['utmSource', 'utm_source', 'sessions_filter_utm_source_idx'],
  ['utmMedium', 'utm_medium', 'sessions_filter_utm_medium_idx'],
  ['utmCampaign', 'utm_campaign', 'sessions_filter_utm_campaign_idx'],
];

/** Yes/no filters, the answer a partial index (account_id, creation_timestamp, id) holds, and its condition. */
const PARTIAL_INDEXES: readonly [keyof SessionFilter, boolean, string, string][] = [
  ['hasErrors', true, 'sessions_with_error_logs_idx', 'error_logs > 0'],
  ['hasRageClicks', true, 'sessions_with_rage_clicks_idx', 'rage_clicks > 0'],
  ['hasErrorClicks', true, 'sessions_with_error_clicks_idx', 'error_clicks > 0'],
  ['seen', false, 'sessions_unseen_idx', 'seen = 0'],
];

function indexedConditions(filter: SessionFilter): IndexedCondition[] {
  const found: IndexedCondition[] = [];
  for (const [field, column, index] of EQUALITY_INDEXES) {
    const value = filter[field];
    if (typeof value !== 'string') continue;
    found.push({ field, index, on: (alias) => sql<boolean>`${sql.ref(`${alias}.${column}`)} = ${value}` });
  }
  for (const [field, answer, index, condition] of PARTIAL_INDEXES) {
    if (filter[field] !== answer) continue;
    found.push({ field, index, on: (alias) => sql<boolean>`${sql.raw(`${alias}.${condition}`)}` });
  }
  return found;
}

/**
 * How many sessions of the date range meet `condition` alone, from the hourly rollups (whole hours only:
 * this only ranks conditions). A condition the rollups do not keep (a visitor) counts as none: it is the
 * narrowest anyway.
 */
async function estimate(db: Db, filter: SessionFilter, condition: IndexedCondition): Promise<number> {
  const alone: SessionFilter = {
    accountId: filter.accountId,
    from: filter.from,
    to: filter.to,
    [condition.field]: filter[condition.field],
  };
  const listed = rollupFor(alone);
  if (!listed) return 0;
  return sumWholeHours(db, alone, listed.facet, wholeHours(alone));
}

/** The conditions, narrowest first by the rollups' count of each in the filter's date range. */
async function rankConditions(db: Db, filter: SessionFilter, conditions: readonly IndexedCondition[]) {
  const sizes = await Promise.all(conditions.map((condition) => estimate(db, filter, condition)));
  return conditions.map((condition, at) => ({ condition, size: sizes[at] ?? 0 })).sort((a, b) => a.size - b.size);
}

/** One seek per condition into its own index, for the session (creation_timestamp, id) of a row. */
function probesOf(
  conditions: readonly IndexedCondition[],
  row: { account: string; time: string; id: string },
): RawBuilder<boolean>[] {
  return conditions.map(
    (condition) => sql<boolean>`exists (select 1 from sessions as probe indexed by ${sql.id(condition.index)}
      where probe.account_id = ${sql.raw(row.account)} and probe.creation_timestamp = ${sql.raw(row.time)}
        and probe.id = ${sql.raw(row.id)} and ${condition.on('probe')})`,
  );
}

/** The filter without the fields `taken` stands for, and whether anything but the account and dates is left. */
function restOf(filter: SessionFilter, taken: ReadonlySet<string>): { rest: SessionFilter; narrowed: boolean } {
  const rest = Object.fromEntries(
    Object.entries(filter).filter(([key]) => !taken.has(key)),
  ) as unknown as SessionFilter;
  const narrowed = Object.entries(rest).some(
    ([key, value]) => value !== undefined && value !== null && !['accountId', 'from', 'to'].includes(key),
  );
  return { rest, narrowed };
}

/** Runs a count that names indexes; null when one is missing (a bulk load drops them while it runs). */
async function countNamingIndexes(count: () => Promise<number>): Promise<number | null> {
  try {
    return await count();
  } catch (error) {
    if (error instanceof Error && /no such index/i.test(error.message)) return null;
    throw error;
  }
}

/**
 * The exact number of sessions matching a filter that two or more indexed conditions narrow (or one and a
 * page URL), counted by intersecting their indexes on SQLite: the narrowest condition's index is read
 * (ranked by the rollups), each other indexed condition is one seek into its own index per entry, a page
 * URL one seek into the session's URLs, and only the sessions left are read for the remaining
 * conditions. Reading every row the narrowest index lists, as the planner would, costs 2 to 3 µs a row;
 * a seek into a narrow index costs well under 1. Null on PostgreSQL, whose planner reads the narrowest
 * index's rows with a bitmap scan and turns such seeks into a hash join over the whole other index, no
 * faster; null too when this does not apply.
 */
export async function countByIndexIntersection(db: Db, filter: SessionFilter): Promise<number | null> {
  if (isPostgres(db)) return null;
  const conditions = indexedConditions(filter);
  if (conditions.length < (filter.url === undefined ? 2 : 1)) return null;
  const ranked = await rankConditions(db, filter, conditions);
  return countFromNarrowest(
    db,
    filter,
    ranked.map((entry) => entry.condition),
  );
}

/** Reads the first (narrowest) condition's index and seeks the others, then the URL, then the rest. */
async function countFromNarrowest(
  db: Db,
  filter: SessionFilter,
  ranked: readonly IndexedCondition[],
): Promise<number | null> {
  const [driver, ...probes] = ranked;
  if (!driver) return null;

  const where = [sql`candidate.account_id = ${filter.accountId}`, driver.on('candidate')];
  if (filter.from != null) where.push(sql`candidate.creation_timestamp >= ${filter.from}`);
  if (filter.to != null) where.push(sql`candidate.creation_timestamp < ${filter.to}`);
  // SQLite tests the terms in this order: the narrowest probe first, the costlier URL seek last.
  where.push(
    ...probesOf(probes, { account: 'candidate.account_id', time: 'candidate.creation_timestamp', id: 'candidate.id' }),
  );
  if (filter.url !== undefined) {
    where.push(sql`exists (select 1 from session_pages as page
      where page.account_id = candidate.account_id and page.session_id = candidate.id
        and ${containsText(db, sql.ref('page.url'), filter.url)})`);
  }
  const matching = sql`select candidate.rowid from sessions as candidate indexed by ${sql.id(driver.index)}
    where ${sql.join(where, sql` and `)}`;

  const { rest, narrowed } = restOf(filter, new Set([...ranked.map((condition) => condition.field), 'url']));
  return countNamingIndexes(async () => {
    if (!narrowed) {
      const { rows } = await sql<{ total: number }>`select count(*) as total from (${matching}) as matching`.execute(
        db,
      );
      return Number(rows[0]?.total ?? 0);
    }
    return countAmong(db, rest, 'rowid', matching);
  });
}

/**
 * Below this many sessions in the narrowest indexed condition, a page URL is checked per session (one
 * seek into that session's URLs, up to 15 µs each when the database is far larger than memory); above it,
 * the URL's own index is read instead.
 */
export const URL_SEEKS_LIMIT = 10_000;

/**
 * The exact number of sessions that visited one of `urls` (the account's URLs containing the filter's
 * text) and match the rest of the filter, when at least one other condition has an index, on SQLite.
 * The URL index lists the URLs' sessions in time order, so each indexed condition is a seek that moves
 * forward through its own index; distinct sessions are counted among those left.
 */
export async function countVisitedUrlByIntersection(
  db: Db,
  filter: SessionFilter,
  urls: readonly string[],
  seeksLimit = URL_SEEKS_LIMIT,
): Promise<number | null> {
  if (isPostgres(db) || urls.length === 0) return null;
  const conditions = indexedConditions(filter);
  if (conditions.length === 0) return null;
  const ranked = await rankConditions(db, filter, conditions);
  const [narrowest] = ranked;
  if (!narrowest) return null;
  const ordered = ranked.map((entry) => entry.condition);
  if (narrowest.size < seeksLimit) return countFromNarrowest(db, filter, ordered);

  const where = [sql`visit.account_id = ${filter.accountId}`, sql`visit.url in (${sql.join([...urls])})`];
  if (filter.from != null) where.push(sql`visit.creation_timestamp >= ${filter.from}`);
  if (filter.to != null) where.push(sql`visit.creation_timestamp < ${filter.to}`);
  // The URL index holds each row's website: no seek needed for it.
  const probes = ordered.filter((condition) => condition.field !== 'websiteId');
  if (filter.websiteId !== undefined) where.push(sql`visit.website_id = ${filter.websiteId}`);
  where.push(
    ...probesOf(probes, { account: 'visit.account_id', time: 'visit.creation_timestamp', id: 'visit.session_id' }),
  );
  const visits = (select: RawBuilder<unknown>) => sql`select ${select}
    from session_pages as visit indexed by session_pages_url_idx where ${sql.join(where, sql` and `)}`;

  const { rest, narrowed } = restOf(filter, new Set([...ordered.map((condition) => condition.field), 'url']));
  return countNamingIndexes(async () =>
    narrowed
      ? countAmong(db, rest, 'id', visits(sql`visit.session_id`))
      : countVisitingSessions(db, visits, urls.length),
  );
}
