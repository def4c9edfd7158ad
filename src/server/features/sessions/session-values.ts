// Stored values of a list filter, for the dashboard's filter editors to suggest as one types: counted
// from the daily facet rollup (a few rows per value and day), or listed from the account's distinct
// URLs for the contains-filters.
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  type SessionValueField,
  type SessionValuesQueryInput,
  type SessionValuesResource,
  TEXT_VALUE_FIELDS,
} from '../../../api/schemas/session-values.ts';
import { rootDb } from '../../db/abandoned-reads.ts';
import type { Db } from '../../db/database.ts';
import { SharedWork } from '../../lib/shared-work.ts';
import { errors } from '../../errors.ts';
import { DAY, PARAM_SEPARATOR } from './session-rollup.ts';
import { matchingValues } from './session-text-values.ts';

/** Values are counted from the start of the UTC day this many days ago, as `date_from=TODAY-30DAYS&tz=UTC` reads. */
export const VALUE_DAYS = 30;

/** The most frequent values read from the rollup before `q` narrows them: a long tail is not worth a suggestion. */
const MOST_FREQUENT = 5_000;

/** Each counted field's facet in session_daily_facets. */
const FACETS: Record<Exclude<SessionValueField, (typeof TEXT_VALUE_FIELDS)[number]>, string> = {
  device: 'device',
  browser: 'browser',
  os: 'os',
  country: 'country',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  tag: 'tag',
  visitor_param: 'visitor_param',
};

const isTextField = (field: SessionValueField): field is (typeof TEXT_VALUE_FIELDS)[number] =>
  (TEXT_VALUE_FIELDS as readonly string[]).includes(field);

/** Most sessions first, then by value in code-unit order, so equal counts come in one order on both databases. */
const byCount = (a: { value: string; sessions: number }, b: { value: string; sessions: number }) =>
  b.sessions - a.sessions || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Sessions by value of one facet since `since`; a visitor parameter's values are read under `prefix`. */
async function countValues(
  db: Db,
  accountId: string,
  facet: string,
  options: { since: number; websiteId: string | undefined; prefix: string | undefined },
): Promise<{ value: string; sessions: number }[]> {
  const { since, websiteId, prefix } = options;
  const { rows } = await sql<{ value: string; sessions: number | string }>`
    select value, sum(sessions) as sessions from session_daily_facets
    where account_id = ${accountId} and facet = ${facet} and day >= ${since}
      ${websiteId === undefined ? sql`` : sql`and website_id = ${websiteId}`}
      ${prefix === undefined ? sql`` : sql`and substr(value, 1, ${[...prefix].length}) = ${prefix}`}
    group by value having sum(sessions) > 0
    order by sum(sessions) desc, value
    limit ${MOST_FREQUENT}`.execute(db);
  return rows.map((row) => ({ value: row.value, sessions: Number(row.sessions) }));
}

type CountedValues = readonly { value: string; sessions: number }[];

/**
 * How long a facet's counted values are kept. Suggestions a few seconds behind the newest sessions serve
 * as well, and each letter typed into a filter editor asks for the same counts again with another `q`.
 */
const COUNTED_MS = 30_000;

/** Values kept in all, per database: a facet's list holds up to `MOST_FREQUENT`. */
const KEPT_VALUES = 200_000;

/** Counted values kept, and counts under way, per database. */
const countedOf = new WeakMap<Db, { kept: LRUCache<string, CountedValues>; underWay: SharedWork<CountedValues> }>();

/** `countValues`, kept for `COUNTED_MS` and shared with the same count under way. */
async function countValuesKept(
  db: Db,
  accountId: string,
  facet: string,
  options: { since: number; websiteId: string | undefined; prefix: string | undefined },
): Promise<CountedValues> {
  const root = rootDb(db);
  let counted = countedOf.get(root);
  if (!counted) {
    const kept = new LRUCache<string, CountedValues>({
      maxSize: KEPT_VALUES,
      sizeCalculation: (rows) => rows.length + 1,
      ttl: COUNTED_MS,
    });
    counted = { kept, underWay: new SharedWork() };
    countedOf.set(root, counted);
  }
  const { kept, underWay } = counted;
  const key = JSON.stringify([accountId, facet, options.since, options.websiteId ?? null, options.prefix ?? null]);
  const known = kept.get(key);
  if (known) return known;
  const rows = await underWay.run(key, () => countValues(db, accountId, facet, options));
  kept.set(key, rows);
  return rows;
}

/** Sums the counts of values that read alike once renamed (a visitor parameter's pairs under its name). */
function sumBy(rows: CountedValues, rename: (value: string) => string) {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const value = rename(row.value);
    sums.set(value, (sums.get(value) ?? 0) + row.sessions);
  }
  return [...sums].map(([value, sessions]) => ({ value, sessions }));
}

/**
 * The values of a list filter for suggestions. Counted fields list their values with the sessions that
 * started since the UTC day `VALUE_DAYS` days ago, most first (counts up to `COUNTED_MS` old);
 * `visitor_param` lists parameter names, or one parameter's values when `name` is given. The contains-filters (`url`, `start_url`, `referrer`) list
 * the account's distinct texts, lower-cased and shortest first, without counts.
 */
export async function listSessionValues(
  db: Db,
  accountId: string,
  query: SessionValuesQueryInput,
  now: Date = new Date(),
): Promise<SessionValuesResource> {
  const { field, limit } = query;
  if (query.name !== undefined && field !== 'visitor_param') {
    throw errors.validation('name_needs_visitor_param', 'name is only for field=visitor_param', 'name');
  }
  const text = (query.q ?? '').trim().toLowerCase();
  const since = Math.floor(now.getTime() / 1000 / DAY) * DAY - VALUE_DAYS * DAY;
  if (isTextField(field)) {
    // SQLite's lower() folds only A to Z: the rest folded here, so both databases list the same texts once.
    const values = [...new Set((await matchingValues(db, accountId, field, text)).map((value) => value.toLowerCase()))];
    values.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return { field, since, values: values.slice(0, limit).map((value) => ({ value })) };
  }
  const prefix = query.name === undefined ? undefined : `${query.name}${PARAM_SEPARATOR}`;
  let counted = await countValuesKept(db, accountId, FACETS[field], { since, websiteId: query.website_id, prefix });
  if (field === 'visitor_param') {
    counted =
      prefix === undefined
        ? sumBy(counted, (value) => value.slice(0, value.indexOf(PARAM_SEPARATOR)))
        : counted.map((row) => ({ value: row.value.slice(prefix.length), sessions: row.sessions }));
  }
  const matched = text === '' ? counted : counted.filter((row) => row.value.toLowerCase().includes(text));
  // The kept list is shared: sorted as a copy.
  return { field, since, values: [...matched].sort(byCount).slice(0, limit) };
}
