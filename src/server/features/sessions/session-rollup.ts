import { type RawBuilder, sql } from 'kysely';
import { type Db, isOneOf, isPostgres } from '../../db/database.ts';
import { ShapedStatements } from '../../db/shaped-statements.ts';
import { runPrepared } from '../../db/run-prepared.ts';
import type { SessionFilter } from './session-filter.ts';
import { matchingValues } from './session-text-values.ts';

export const HOUR = 3600;
export const DAY = 86_400;

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

/** Contains-filter fields kept by their lower-cased text: a filter sums every value that contains its text. */
const CONTAINS_FACETS: Partial<Record<keyof SessionFilter, string>> = {
  startUrl: 'start_url',
  referrer: 'referrer',
};

/**
 * Separates a visitor parameter's name from its value in the `visitor_param` facet. A parameter whose
 * name or value holds it is counted row by row: only then could two pairs read alike.
 */
export const PARAM_SEPARATOR = '\u0001';

/** Yes/no filter fields: session_hourly_facets keeps their "yes" sessions under the value '1'. */
const SIGNAL_FACETS: Partial<Record<keyof SessionFilter, string>> = {
  hasErrors: 'has_errors',
  hasRageClicks: 'has_rage_clicks',
  hasErrorClicks: 'has_error_clicks',
  seen: 'seen',
  identified: 'identified',
};

/** Fields every rollup row carries: they narrow rollup rows directly. */
export const PLACE_FIELDS = new Set<string>(['accountId', 'websiteId', 'from', 'to']);

/**
 * Values of one facet of session_hourly_facets; `negated` counts the hour's other sessions instead.
 * `lowered` compares with the value as the database lower-cases it (a tag). `contains` (a text) stands
 * for every stored value that contains it, until `resolveFacet` lists them in `values`.
 */
export interface RollupFacet {
  name: string;
  values: readonly string[];
  negated: boolean;
  lowered?: boolean;
  contains?: string;
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
    const contained = CONTAINS_FACETS[key];
    const signal = SIGNAL_FACETS[key];
    if (byValue !== undefined && typeof value === 'string' && value !== '') {
      facet = { name: byValue, values: [value], negated: false };
    } else if (contained !== undefined && typeof value === 'string' && value !== '') {
      facet = { name: contained, values: [], negated: false, contains: value };
    } else if (key === 'tag' && typeof value === 'string' && value !== '') {
      facet = { name: 'tag', values: [value], negated: false, lowered: true };
    } else if (key === 'visitorParam' && filter.visitorParam) {
      const { name, value: paramValue } = filter.visitorParam;
      if (name.includes(PARAM_SEPARATOR) || paramValue.includes(PARAM_SEPARATOR)) return null;
      facet = { name: 'visitor_param', values: [`${name}${PARAM_SEPARATOR}${paramValue}`], negated: false };
    } else if (signal !== undefined && typeof value === 'boolean') {
      facet = { name: signal, values: ['1'], negated: !value };
    } else {
      return null;
    }
  }
  return { facet };
}

/** Past this many values a facet is counted row by row: a longer list costs more than it saves. */
export const MAX_LISTED_VALUES = 2000;

/**
 * The facet with `values` listing every stored value that contains its `contains` text, read from the
 * account's distinct values in session_text_values (a few thousand short rows, whatever the number of
 * sessions).
 */
export async function resolveFacet(db: Db, accountId: string, facet: RollupFacet | null): Promise<RollupFacet | null> {
  if (!facet?.contains) return facet;
  const values = await matchingValues(db, accountId, facet.name, facet.contains);
  return { name: facet.name, values, negated: facet.negated };
}

/** Whole hours inside a date range: the first hour starting at or after `from`, the end hour before `to`. */
export function wholeHours(filter: SessionFilter): { from: number | null; to: number | null } {
  return {
    from: filter.from == null ? null : Math.ceil(filter.from / HOUR) * HOUR,
    to: filter.to == null ? null : Math.floor(filter.to / HOUR) * HOUR,
  };
}

/**
 * A stretch of whole hours read from one rollup grain: `day` rows for the whole UTC days inside it,
 * `hour` rows for the hours at either end.
 */
export interface RollupSpan {
  grain: 'hour' | 'day';
  from: number | null;
  to: number | null;
}

/** Each grain's tables and the column naming a row's hour or day. */
const GRAINS = {
  hour: { counts: 'session_hourly_counts', facets: 'session_hourly_facets', column: 'hour' },
  day: { counts: 'session_daily_counts', facets: 'session_daily_facets', column: 'day' },
} as const;

/** Whole hours as whole UTC days and the hours left at either end, each span non-empty. */
export function rollupSpans(hours: { from: number | null; to: number | null }): RollupSpan[] {
  const dayFrom = hours.from === null ? null : Math.ceil(hours.from / DAY) * DAY;
  const dayTo = hours.to === null ? null : Math.floor(hours.to / DAY) * DAY;
  if (dayFrom !== null && dayTo !== null && dayFrom >= dayTo) {
    return hours.from !== null && hours.to !== null && hours.from >= hours.to ? [] : [{ grain: 'hour', ...hours }];
  }
  const spans: RollupSpan[] = [{ grain: 'day', from: dayFrom, to: dayTo }];
  if (hours.from !== null && dayFrom !== hours.from) spans.push({ grain: 'hour', from: hours.from, to: dayFrom });
  if (hours.to !== null && dayTo !== hours.to) spans.push({ grain: 'hour', from: dayTo, to: hours.to });
  return spans;
}

function placed(filter: SessionFilter, span: RollupSpan): RawBuilder<unknown>[] {
  const column = sql.ref(GRAINS[span.grain].column);
  const conditions = [sql`account_id = ${filter.accountId}`];
  if (filter.websiteId !== undefined) conditions.push(sql`website_id = ${filter.websiteId}`);
  if (span.from !== null) conditions.push(sql`${column} >= ${span.from}`);
  if (span.to !== null) conditions.push(sql`${column} < ${span.to}`);
  return conditions;
}

/** A rollup table and the conditions that pick the filter's rows from it; `negative` rows are subtracted. */
interface RollupPart {
  table: string;
  column: 'hour' | 'day';
  where: RawBuilder<unknown>;
  negative: boolean;
}

/** The rollup rows that count the filter in a span: the totals, a facet's rows, or the totals minus a facet's. */
function rollupParts(db: Db, filter: SessionFilter, facet: RollupFacet | null, span: RollupSpan): RollupPart[] {
  const { counts, facets, column } = GRAINS[span.grain];
  const where = placed(filter, span);
  const all: RollupPart = { table: counts, column, where: sql.join(where, sql` and `), negative: false };
  if (!facet) return [all];
  const [only] = facet.values;
  const valueIs =
    facet.values.length === 0
      ? sql`1 = 0`
      : facet.values.length === 1 && only !== undefined
        ? facet.lowered
          ? sql`value = lower(${only})`
          : sql`value = ${only}`
        : isOneOf(db, sql.ref('value'), facet.values);
  const faceted = sql.join([...where, sql`facet = ${facet.name}`, valueIs], sql` and `);
  const withFacet: RollupPart = { table: facets, column, where: faceted, negative: facet.negated };
  return facet.negated ? [all, withFacet] : [withFacet];
}

type BucketRows = RawBuilder<{ bucket: number | string; sessions: number | string }>;

/**
 * Rows (bucket, sessions) whose sums per bucket are the filter's sessions in each whole hour
 * (`grain` hour) or each UTC day (`grain` day) of `hours`; a bucket may appear more than once, so callers
 * sum. A negated signal is the bucket's total minus its "yes" sessions. By day, whole days are read from
 * the daily rollups and the hours at either end from the hourly ones.
 */
export function rollupRows(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
  grain: 'hour' | 'day',
): BucketRows {
  const spans: RollupSpan[] = grain === 'hour' ? [{ grain: 'hour', ...hours }] : rollupSpans(hours);
  const selects = spans.flatMap((span) =>
    rollupParts(db, filter, facet, span).map((part) => {
      const column = sql.ref(part.column);
      const bucket = span.grain === grain ? column : sql`(${column} / ${sql.lit(DAY)}) * ${sql.lit(DAY)}`;
      const sessions = part.negative ? sql`-sessions` : sql`sessions`;
      return sql`select ${bucket} as bucket, ${sessions} as sessions from ${sql.table(part.table)} where ${part.where}`;
    }),
  );
  if (selects.length === 0) return sql`select 0 as bucket, 0 as sessions where 1 = 0` as BucketRows;
  return sql.join(selects, sql` union all `) as BucketRows;
}

/**
 * The filter's sessions in whole hours from `hours.from` to `hours.to`, summed from the rollups: whole
 * days from the daily ones, the hours at either end from the hourly ones, with one plain sum per table
 * and span (a sum over a derived table costs SQLite twice as much).
 */
export async function sumWholeHours(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
): Promise<number> {
  const query = wholeHoursQuery(db, filter, facet, hours);
  if (!query) return 0;
  const rows = await readRollup(db, query);
  return Number(rows[0]?.total ?? 0);
}

/** The rollups' statements, kept by their text (shaped-statements.ts). */
const rollupStatements = new ShapedStatements();

/**
 * The rows of a statement over the rollups. On SQLite it runs without the query builder, its values hidden
 * from the planner: the rollups are read by their primary key or their index by time whatever the
 * values, and a statement whose plan looked at its values was prepared again at every run (14% of the
 * instructions of the day and hour sums that place a deep page). On PostgreSQL it stays with Kysely, whose
 * reads stop with an abandoned request (a sum over long ranges, or one waiting for a lock, can outlast its
 * client), and runs as a named prepared statement: its text depends only on the filter's shape, and
 * parsing and planning it again cost about as much as running it.
 */
export async function readRollup<Row>(db: Db, query: RawBuilder<Row>): Promise<Row[]> {
  const compiled = query.compile(db);
  // The compiled query keeps its id, by which an abandoned request's statements are found.
  if (isPostgres(db)) return runPrepared(db, compiled);
  const kept = rollupStatements.read(db, `rollup:${compiled.sql}`, compiled.parameters, () => compiled, {
    samePlanForAnyValues: true,
  });
  return kept ?? (await query.execute(db)).rows;
}

/** The statement of `sumWholeHours`; null when the hours are empty. */
export function wholeHoursQuery(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
): RawBuilder<{ total: number | string | null }> | null {
  const parts = rollupSpans(hours).flatMap((span) => rollupParts(db, filter, facet, span));
  const [part] = parts;
  if (!part) return null;
  const sumOf = (one: RollupPart) =>
    sql`(select coalesce(sum(sessions), 0) from ${sql.table(one.table)} where ${one.where})`;
  return parts.length === 1
    ? sql`select coalesce(sum(sessions), 0) as total from ${sql.table(part.table)} where ${part.where}`
    : sql`select ${sql.join(
        parts.map((one) => (one.negative ? sql`-${sumOf(one)}` : sumOf(one))),
        sql` + `,
      )} as total`;
}
