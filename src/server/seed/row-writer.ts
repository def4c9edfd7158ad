import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { buildDeferredIndexes, isPostgres } from '../db/database.ts';
import { BatchInserter } from './batch-insert.ts';
import { dropPostgresIndexes } from './deferred-indexes.ts';
import { countByHour, countByVisitor, countFacetsByHour } from './hourly-counts.ts';
import { SqliteFileRowWriter } from './sqlite-row-writer.ts';
import { PAGE_COLUMNS, sessionPages, sessionTextValues } from '../features/sessions/session-bulk-rows.ts';

/** Where generated rows go: each `write` is one transaction. */
export interface RowWriter {
  /** Sessions to buffer before calling `write`: large enough to amortise commits, small enough for memory. */
  readonly sessionsPerWrite: number;
  /** Writes that may run at once: PostgreSQL spreads concurrent transactions over its cores. */
  readonly parallelism: number;
  write(visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Transactions a load keeps open at once on PostgreSQL, which spreads them over its cores. A pool that
 * runs a load needs this many connections and one more for whatever else the caller does meanwhile.
 */
export const POSTGRES_LOAD_CONNECTIONS = 3;

/** The tables a load writes. */
const LOADED_TABLES = [
  'visitors',
  'sessions',
  'session_pages',
  'session_hourly_counts',
  'session_hourly_facets',
  'session_text_values',
];

type Columns<Row> = Record<keyof Row, true>;

export const VISITOR_COLUMNS = Object.keys({
  account_id: true,
  id: true,
  name: true,
  email: true,
  email_lower: true,
  email_hash: true,
  params: true,
  first_session_timestamp: true,
  last_session_timestamp: true,
} satisfies Columns<VisitorsTable>) as (keyof VisitorsTable)[];

export const SESSION_COLUMNS = Object.keys({
  account_id: true,
  id: true,
  website_id: true,
  visitor_id: true,
  creation_timestamp: true,
  duration: true,
  end_timestamp: true,
  active_time: true,
  start_url: true,
  end_url: true,
  expiration_timestamp: true,
  last_event_timestamp: true,
  product: true,
  device: true,
  tags: true,
  last_seen_page_view_id: true,
  seen: true,
  referrer: true,
  visitor_first_session: true,
  engagement_score: true,
  ip: true,
  country_code: true,
  region: true,
  city: true,
  resolution_width: true,
  resolution_height: true,
  os_name: true,
  os_version: true,
  browser_description: true,
  browser_name: true,
  browser_version: true,
  utm_source: true,
  utm_medium: true,
  utm_campaign: true,
  utm_term: true,
  utm_content: true,
  page_views: true,
  clicks: true,
  error_clicks: true,
  rage_clicks: true,
  error_logs: true,
  net_errors: true,
} satisfies Columns<SessionsTable>) as (keyof SessionsTable)[];

/**
 * Adds counts to a rollup table, 1,000 rows a statement: each row's `sessions` is added to the row with the
 * same key, or inserted.
 */
async function addRollupCounts<Row extends { sessions: number }>(
  executor: Db,
  table: 'session_hourly_counts' | 'session_hourly_facets',
  key: readonly (keyof Row & string)[],
  counts: readonly Row[],
): Promise<void> {
  const columns = [...key, 'sessions' as const];
  for (let start = 0; start < counts.length; start += 1000) {
    const rows = counts
      .slice(start, start + 1000)
      .map((count) => sql`(${sql.join(columns.map((column) => count[column]))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(rows)}
      on conflict (${sql.join(key.map((column) => sql.ref(column)))})
      do update set sessions = ${sql.ref(`${table}.sessions`)} + excluded.sessions`.execute(executor);
  }
}

/** Adds (account, facet, value) rows to session_text_values, 1,000 a statement, skipping those present. */
async function addTextValues(db: Db, values: readonly (readonly [string, string, string])[]): Promise<void> {
  const accounts = [...new Set(values.map(([account]) => account))].sort();
  // The accounts' rollup locks, as the triggers take them: parallel loads add values one at a time.
  const add = async (trx: Db) => {
    for (const account of accounts) await sql`select pg_advisory_xact_lock(7242, hashtext(${account}))`.execute(trx);
    for (let start = 0; start < values.length; start += 1000) {
      const rows = values.slice(start, start + 1000).map((value) => sql`(${sql.join([...value])})`);
      await sql`insert into session_text_values (account_id, facet, value) values ${sql.join(rows)}
        on conflict (account_id, facet, value) do nothing`.execute(trx);
    }
  };
  if (db.isTransaction) await add(db);
  else await db.transaction().execute(add);
}

/** Multi-row INSERTs through Kysely: the path for PostgreSQL, and for SQLite when there is no file to open. */
class KyselyRowWriter implements RowWriter {
  readonly sessionsPerWrite = 20_000;
  readonly parallelism: number;
  private readonly visitors: BatchInserter<'visitors'>;
  private readonly sessions: BatchInserter<'sessions'>;
  private readonly pages: BatchInserter<'session_pages'>;

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
    /** Whether the load dropped secondary indexes, which `close` builds again. */
    private readonly deferring = false,
  ) {
    // SQLite has one connection and one writer; a caller's transaction is one connection too.
    this.parallelism = postgres && !db.isTransaction ? POSTGRES_LOAD_CONNECTIONS : 1;
    this.visitors = new BatchInserter(db, 'visitors', [...VISITOR_COLUMNS, 'session_count']);
    this.sessions = new BatchInserter(db, 'sessions', SESSION_COLUMNS);
    this.pages = new BatchInserter(db, 'session_pages', PAGE_COLUMNS);
  }

  async write(visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]): Promise<void> {
    // Each inserted session bumps its hour's row in session_hourly_counts (a trigger). Inserting in
    // (website, hour) order makes every concurrent transaction lock those rows in the same order, so
    // parallel writes cannot deadlock.
    const ordered = [...sessions].sort(
      (a, b) =>
        a.website_id.localeCompare(b.website_id) ||
        Math.floor(a.creation_timestamp / 3600) - Math.floor(b.creation_timestamp / 3600),
    );
    const work = async (executor: Db) => {
      // On PostgreSQL the rollup triggers stand aside for this transaction and the batch's hours and
      // facet values are added once each, after the rows.
      if (this.postgres) await sql`select set_config('session_analytics.bulk_load', 'on', true)`.execute(executor);
      // Each visitor is new and comes in the same batch as all of its sessions, so its count is known;
      // SQLite's trigger counts them again, so there it starts from zero.
      const counts = this.postgres ? countByVisitor(sessions) : new Map<string, number>();
      await this.visitors.insert(
        executor,
        visitors.map((visitor) => ({ ...visitor, session_count: counts.get(visitor.id) ?? 0 })),
      );
      await this.sessions.insert(executor, ordered);
      if (this.postgres) {
        await this.pages.insert(executor, ordered.flatMap(sessionPages));
        // The rollups last: their rows are shared with parallel loads, so they are held for the shortest time.
        const hourKey = ['account_id', 'website_id', 'hour'] as const;
        await addRollupCounts(executor, 'session_hourly_counts', hourKey, countByHour(ordered));
        const facetKey = ['account_id', 'facet', 'value', 'hour', 'website_id'] as const;
        await addRollupCounts(executor, 'session_hourly_facets', facetKey, countFacetsByHour(ordered, visitors));
      }
    };
    // The batch's distinct URLs, start URLs and referrers first, sorted and committed on their own: the
    // triggers that add them stand aside for a bulk load, and parallel loads adding the same values
    // inside their long transactions would wait for each other. A value listed early counts zero.
    if (this.postgres) await addTextValues(this.db, sessionTextValues(ordered));
    // Inside a caller's transaction, its commit is the one that counts.
    if (this.db.isTransaction) await work(this.db);
    else await this.db.transaction().execute(work);
  }

  async close(): Promise<void> {
    // Only a PostgreSQL load without a caller's transaction defers indexes.
    if (!this.deferring) return;
    // Everything deferred_indexes lists, this load's drops and any an earlier failed load left; two
    // builds at once: PostgreSQL sorts each index in its own process.
    await buildDeferredIndexes(this.db, 2);
    // As on SQLite, fresh statistics for tables that at least doubled; the vacuum also marks the new
    // pages all-visible, which index-only scans (the rollups, the page's id list) depend on.
    await sql`vacuum (analyze) ${sql.join(LOADED_TABLES.map((table) => sql.table(table)))}`.execute(this.db);
  }
}

/**
 * Picks the fastest safe way to write: a SQLite file gets its own connection with cached single-row
 * statements (Kysely prepares every statement anew, which costs more than the insert itself at this
 * volume); anything else goes through Kysely.
 */
export async function openRowWriter(db: Db, options: { deferIndexes: boolean }): Promise<RowWriter> {
  const postgres = isPostgres(db);
  // Indexes are deferred only where the writer owns the connection: a caller's transaction may
  // still need them.
  const deferIndexes = options.deferIndexes && !db.isTransaction;
  // Indexes a failed load left dropped are built first, unless this load drops them again anyway.
  if (!deferIndexes && !db.isTransaction) await buildDeferredIndexes(db, 2);
  if (postgres) {
    if (deferIndexes) await dropPostgresIndexes(db);
    return new KyselyRowWriter(db, true, deferIndexes);
  }
  if (db.isTransaction) return new KyselyRowWriter(db, false);
  const databases = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = databases.rows.find((row) => row.name === 'main')?.file ?? '';
  return file === ''
    ? new KyselyRowWriter(db, false)
    : new SqliteFileRowWriter(file, VISITOR_COLUMNS, SESSION_COLUMNS, deferIndexes);
}
