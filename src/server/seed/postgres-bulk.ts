import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { SessionsTable } from '../features/sessions/sessions.table.ts';
import {
  type FacetCount,
  type HourlyCount,
  countByDay,
  countByVisitor,
  countFacetsByDay,
  daysOf,
  hoursOf,
} from './hourly-counts.ts';

// What a bulk load into PostgreSQL sends besides its rows: the rollups and distinct text values of a
// batch, each table in one statement per 10,000 rows with every column as one array parameter. Binding
// tens of thousands of scalar parameters costs the client more than the server's whole insert.

/**
 * Transactions a load keeps open at once on PostgreSQL: one copies its rows while another adds its counts
 * to the rollups. More would only wait: each transaction locks the rollup rows it adds to until it
 * commits, and the batches share most of them. A pool that runs a load needs this many connections and
 * one more for whatever else the caller does meanwhile.
 */
export const POSTGRES_LOAD_CONNECTIONS = 2;

/** Makes the triggers that keep rollups, pages and text values stand aside for the current transaction. */
export const BULK_LOAD_SQL = "select set_config('session_analytics.bulk_load', 'on', true)";

/** Runs one statement with its parameters: on a pooled client, or on a Kysely executor. */
export type RunStatement = (text: string, parameters: unknown[]) => Promise<unknown>;

const ROWS_PER_STATEMENT = 10_000;

/** One array per column, each `rows.length` long, in the rows' order. */
function columnArrays<Row>(rows: readonly Row[], columns: readonly (keyof Row)[]): unknown[][] {
  return columns.map((column) => rows.map((row) => row[column]));
}

async function inChunks<Row>(rows: readonly Row[], add: (chunk: readonly Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await add(rows.slice(start, start + ROWS_PER_STATEMENT));
  }
}

const HOUR_KEY = ['account_id', 'website_id', 'hour'] as const;
const FACET_KEY = ['account_id', 'facet', 'value', 'hour', 'website_id'] as const;
const DAY_KEY = ['account_id', 'website_id', 'day'] as const;
const DAILY_FACET_KEY = ['account_id', 'facet', 'value', 'day', 'website_id'] as const;

const addCounts = (table: string, key: readonly string[], types: readonly string[]) => {
  const columns = [...key, 'sessions'];
  const arrays = [...types, 'bigint'].map((type, index) => `$${index + 1}::${type}[]`).join(', ');
  return `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays})
    on conflict (${key.join(', ')}) do update set sessions = ${table}.sessions + excluded.sessions`;
};
const ADD_HOURLY_COUNTS = addCounts('session_hourly_counts', HOUR_KEY, ['text', 'text', 'bigint']);
const ADD_FACET_COUNTS = addCounts('session_hourly_facets', FACET_KEY, ['text', 'text', 'text', 'bigint', 'text']);
const ADD_DAILY_COUNTS = addCounts('session_daily_counts', DAY_KEY, ['text', 'text', 'bigint']);
const ADD_DAILY_FACET_COUNTS = addCounts('session_daily_facets', DAILY_FACET_KEY, [
  'text',
  'text',
  'text',
  'bigint',
  'text',
]);

/**
 * Adds a batch's counts to the hourly rollups, in the order given (key order), then the same counts by
 * day to the daily rollups, in key order: parallel loads then lock shared rollup rows in the same order
 * and cannot deadlock.
 */
export async function addRollupCounts(
  run: RunStatement,
  hourly: readonly HourlyCount[],
  facets: readonly FacetCount[],
): Promise<void> {
  await inChunks(hourly, (chunk) => run(ADD_HOURLY_COUNTS, columnArrays(chunk, [...HOUR_KEY, 'sessions'])));
  await inChunks(facets, (chunk) => run(ADD_FACET_COUNTS, columnArrays(chunk, [...FACET_KEY, 'sessions'])));
  await inChunks(countByDay(hourly), (chunk) => run(ADD_DAILY_COUNTS, columnArrays(chunk, [...DAY_KEY, 'sessions'])));
  await inChunks(countFacetsByDay(facets), (chunk) =>
    run(ADD_DAILY_FACET_COUNTS, columnArrays(chunk, [...DAILY_FACET_KEY, 'sessions'])),
  );
  await markSetHours(run, hoursOf(hourly));
}

const MARK_SET_HOURS = `insert into session_set_hours (account_id, hour, sessions, stale, generation)
  select h.account_id, h.hour, 0, 1, 0 from unnest($1::text[], $2::bigint[]) as h(account_id, hour)
  join session_set_marks as m on m.account_id = h.account_id and h.hour < m.sealed_until
  on conflict (account_id, hour) do update set stale = 1`;
const DROP_SET_DAYS = `delete from session_set_days as d using unnest($1::text[], $2::bigint[]) as h(account_id, day)
  where d.account_id = h.account_id and d.day = h.day`;

/**
 * Marks the batch's sealed hours stale, as the triggers set aside for the load would, under each
 * account's rollup lock (which the sets' builder holds while it seals an hour): a seal either comes
 * before this statement, which then sees it, or waits for this transaction's rows.
 */
async function markSetHours(run: RunStatement, hours: readonly [string, number][]): Promise<void> {
  if (hours.length === 0) return;
  const accounts = [...new Set(hours.map(([account]) => account))].sort();
  for (const account of accounts) await run('select pg_advisory_xact_lock(7242, hashtext($1))', [account]);
  await inChunks(hours, (chunk) =>
    run(MARK_SET_HOURS, [chunk.map(([account]) => account), chunk.map(([, hour]) => hour)]),
  );
  await inChunks(daysOf(hours), (chunk) =>
    run(DROP_SET_DAYS, [chunk.map(([account]) => account), chunk.map(([, day]) => day)]),
  );
}

const LOCK_VISITORS = `select 1 from visitors where account_id = $1 and id = any($2::text[]) order by id for update`;
const ADD_VISITOR_SESSIONS = `update visitors as v set session_count = v.session_count + c.n
  from unnest($2::text[], $3::int[]) as c (id, n) where v.account_id = $1 and v.id = c.id`;

/**
 * Adds each visitor's new sessions to their count, the triggers' work for a bulk load. Parallel loads may
 * add to the same visitors: each locks its rows in id order first, so two never wait for each other in a
 * circle. Run it before the rollups, whose rows are locked in key order after the visitors'.
 */
export async function addVisitorSessions(run: RunStatement, sessions: readonly SessionsTable[]) {
  const accountId = sessions[0]?.account_id;
  if (accountId === undefined) return;
  const counts = countByVisitor(sessions);
  // One statement each, not chunks: the locks must be taken in one order over the whole batch.
  const ids = [...counts.keys()];
  await run(LOCK_VISITORS, [accountId, ids]);
  await run(ADD_VISITOR_SESSIONS, [accountId, ids, [...counts.values()]]);
}

const ADD_TEXT_VALUES = `insert into session_text_values (account_id, facet, value)
  select * from unnest($1::text[], $2::text[], $3::text[]) on conflict (account_id, facet, value) do nothing`;

/**
 * Adds (account, facet, value) rows to session_text_values, skipping those present, after taking the
 * accounts' rollup locks as the triggers do. Run it in a transaction of its own: parallel loads adding
 * the same new values inside their long transactions would wait for each other.
 */
export async function addTextValues(run: RunStatement, values: readonly (readonly [string, string, string])[]) {
  const accounts = [...new Set(values.map(([account]) => account))].sort();
  for (const account of accounts) await run('select pg_advisory_xact_lock(7242, hashtext($1))', [account]);
  await inChunks(values, (chunk) =>
    run(
      ADD_TEXT_VALUES,
      [0, 1, 2].map((column) => chunk.map((row) => row[column])),
    ),
  );
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A value as a field of COPY's text format: `\N` for null, the four special characters escaped. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (special) => COPY_ESCAPES[special] as string) : text;
}

const ROWS_PER_CHUNK = 1000;

/** Streams rows into a table with one `COPY … FROM STDIN` on `client`, in its current transaction. */
export async function copyRows<Row>(
  client: pg.ClientBase,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  function* text() {
    for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
      let chunk = '';
      for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) {
        for (let index = 0; index < columns.length; index += 1) {
          chunk += (index === 0 ? '' : '\t') + copyField(row[columns[index] as keyof Row]);
        }
        chunk += '\n';
      }
      yield chunk;
    }
  }
  const names = columns.map((column) => `"${column}"`).join(', ');
  await pipeline(Readable.from(text()), client.query(copyFrom(`copy "${table}" (${names}) from stdin`)));
}
