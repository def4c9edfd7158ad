import { type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { type SessionFilter, applyFilter, containsPattern } from './session-filter.ts';
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

/**
 * The exact number of sessions matching a filter that two or more indexed conditions narrow, counted by
 * intersecting their indexes on SQLite: the narrowest condition's index is read (estimated from the
 * rollups), each other indexed condition is one seek into its own index per entry, and only the sessions
 * left are read for the remaining conditions. Reading every row the narrowest index lists, as the
 * planner would, costs 2 to 3 µs a row; a seek into a narrow index costs well under 1. PostgreSQL
 * intersects indexes itself (bitmap AND). Null when this does not apply, or an index is missing (a bulk
 * load drops them while it runs).
 */
export async function countByIndexIntersection(db: Db, filter: SessionFilter): Promise<number | null> {
  if (isPostgres(db)) return null;
  const conditions = indexedConditions(filter);
  if (conditions.length < 2) return null;
  const sizes = await Promise.all(conditions.map((condition) => estimate(db, filter, condition)));
  const ranked = conditions
    .map((condition, at) => ({ condition, size: sizes[at] ?? 0 }))
    .sort((a, b) => a.size - b.size)
    .map((entry) => entry.condition);
  const [driver, ...probes] = ranked;
  if (!driver) return null;

  const where = [sql`candidate.account_id = ${filter.accountId}`, driver.on('candidate')];
  if (filter.from != null) where.push(sql`candidate.creation_timestamp >= ${filter.from}`);
  if (filter.to != null) where.push(sql`candidate.creation_timestamp < ${filter.to}`);
  // SQLite tests the terms in this order: the narrowest probe first.
  for (const probe of probes) {
    where.push(sql`exists (select 1 from sessions as probe indexed by ${sql.id(probe.index)}
      where probe.account_id = candidate.account_id and probe.creation_timestamp = candidate.creation_timestamp
        and probe.id = candidate.id and ${probe.on('probe')})`);
  }
  // A visited URL is one seek into the session's own URLs: still before its row is read.
  if (filter.url !== undefined) {
    where.push(sql`exists (select 1 from session_pages as page
      where page.account_id = candidate.account_id and page.session_id = candidate.id
        and page.url like ${containsPattern(filter.url)} escape '\\')`);
  }
  const matching = sql`select candidate.rowid from sessions as candidate indexed by ${sql.id(driver.index)}
    where ${sql.join(where, sql` and `)}`;

  const indexed = new Set<string>([...conditions.map((condition) => condition.field), 'url']);
  const rest = Object.fromEntries(
    Object.entries(filter).filter(([key]) => !indexed.has(key)),
  ) as unknown as SessionFilter;
  const narrowed = Object.entries(rest).some(
    ([key, value]) => value !== undefined && value !== null && !['accountId', 'from', 'to'].includes(key),
  );
  try {
    if (!narrowed) {
      const { rows } = await sql<{ total: number }>`select count(*) as total from (${matching}) as matching`.execute(
        db,
      );
      return Number(rows[0]?.total ?? 0);
    }
    // The sessions left are looked up by rowid for the conditions no index holds.
    const row = await applyFilter(db, db.selectFrom('sessions'), rest)
      .where(sql<boolean>`sessions.rowid in (${matching})`)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  } catch (error) {
    if (error instanceof Error && /no such index/i.test(error.message)) return null;
    throw error;
  }
}
