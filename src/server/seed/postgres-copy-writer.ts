import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import { buildDeferredIndexes } from '../db/migrate.ts';
import { PAGE_COLUMNS, sessionPages, sessionTextValues } from '../features/sessions/session-bulk-rows.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { countByHour, countFacetsByHour } from './hourly-counts.ts';
import {
  addRollupCounts,
  addTextValues,
  addVisitorSessions,
  BULK_LOAD_SQL,
  copyRows,
  POSTGRES_LOAD_CONNECTIONS,
  type RunStatement,
} from './postgres-bulk.ts';
import type { RowWriter, SeedBatch } from './row-writer.ts';

/** The tables a load writes. */
const LOADED_TABLES = [
  'visitors',
  'sessions',
  'session_pages',
  'session_hourly_counts',
  'session_hourly_facets',
  'session_daily_counts',
  'session_daily_facets',
  'session_text_values',
];

/**
 * Every transaction adds its batch's counts to rollup rows that the other batches share, so the larger
 * the batch the fewer rollup rows are written in all: the facet rollup takes 6.9 rows a session in
 * batches of 20,000 and 3.5 in batches of 100,000. Loading 1,000,000 sessions took 268 s in batches of
 * 20,000 three at a time, and 184–191 s in batches of 100,000 two at a time.
 */
const SESSIONS_PER_TRANSACTION = 100_000;

/** Runs `work` in a transaction on `client`; rolls back and rethrows when it fails. */
async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Loads PostgreSQL with one `COPY` per table and batch, on connections of its own from the pool, two
 * batches at once: the server parses COPY's text rows far more cheaply than the client binds a
 * multi-row INSERT's parameters (which took one core at 100% while the server used 6%).
 */
export class PostgresCopyRowWriter implements RowWriter {
  readonly sessionsPerWrite = SESSIONS_PER_TRANSACTION;
  readonly parallelism = POSTGRES_LOAD_CONNECTIONS;

  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly visitorColumns: readonly (keyof VisitorsTable)[],
    private readonly sessionColumns: readonly (keyof SessionsTable)[],
    /** Whether the load dropped secondary indexes, which `close` builds again. */
    private readonly deferring: boolean,
  ) {}

  async write({ visitors, sessions, sessionVisitors }: SeedBatch): Promise<void> {
    const client = await this.pool.connect();
    let failure: unknown;
    try {
      const run: RunStatement = (text, parameters) => client.query(text, parameters);
      // The batch's distinct URLs, start URLs and referrers first, committed on their own: parallel
      // loads adding the same values inside their long transactions would wait for each other. A value
      // listed before its sessions arrive matches none.
      await inTransaction(client, () => addTextValues(run, sessionTextValues(sessions)));
      await inTransaction(client, async () => {
        // The triggers that keep the rollups, the pages and the text values stand aside for this
        // transaction; the batch's rows for each are added once below.
        await run(BULK_LOAD_SQL, []);
        await copyRows(
          client,
          'visitors',
          [...this.visitorColumns, 'session_count'],
          visitors.map((visitor) => ({ ...visitor, session_count: 0 })),
        );
        if (sessions.length === 0) return;
        await copyRows(client, 'sessions', this.sessionColumns, sessions);
        await copyRows(client, 'session_pages', PAGE_COLUMNS, sessions.flatMap(sessionPages));
        // The visitors' counts and the rollups last: their rows are shared with parallel loads, which
        // wait for each other's commit to update them, so each load holds them for the shortest time.
        await addVisitorSessions(run, sessions);
        await addRollupCounts(run, countByHour(sessions), countFacetsByHour(sessions, sessionVisitors));
      });
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // A connection that failed mid-COPY is not reused.
      client.release(failure instanceof Error ? failure : undefined);
    }
  }

  async close(): Promise<void> {
    if (!this.deferring) return;
    // Everything deferred_indexes lists, this load's drops and any an earlier failed load left; two
    // builds at once: PostgreSQL sorts each index in its own process.
    await buildDeferredIndexes(this.db, 2);
    // As on SQLite, fresh statistics for tables that at least doubled; the vacuum also marks the new
    // pages all-visible, which index-only scans (the rollups, the page's id list) depend on.
    await sql`vacuum (analyze) ${sql.join(LOADED_TABLES.map((table) => sql.table(table)))}`.execute(this.db);
  }
}
