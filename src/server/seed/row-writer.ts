import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { SESSION_COLUMNS, type SessionsTable, type VisitorsTable } from '../features/sessions/sessions.table.ts';
import { isPostgres, postgresPoolOf } from '../db/database.ts';
import { buildDeferredIndexes } from '../db/migrate.ts';
import { BatchInserter } from './batch-insert.ts';
import { dropPostgresIndexes } from './deferred-indexes.ts';
import { countByHour, countFacetsByHour } from './hourly-counts.ts';
import {
  addRollupCounts,
  addTextValues,
  addVisitorSessions,
  BULK_LOAD_SQL,
  type RunStatement,
} from './postgres-bulk.ts';
import { PostgresCopyRowWriter } from './postgres-copy-writer.ts';
import { SqliteFileRowWriter, SqliteThreadRowWriter } from './sqlite-row-writer.ts';
import { PAGE_COLUMNS, sessionPages, sessionTextValues } from '../features/sessions/session-bulk-rows.ts';

/** What one `write` adds, in one transaction. */
export interface SeedBatch {
  /** New visitors, with no sessions yet: each session written later adds one to its visitor's count. */
  readonly visitors: readonly VisitorsTable[];
  /** Sessions whose visitors are in this batch or an earlier one. */
  readonly sessions: readonly SessionsTable[];
  /** The visitor of each of the sessions, for the facets that describe visitors (identified, their parameters). */
  readonly sessionVisitors: ReadonlyMap<string, VisitorsTable>;
}

/** Where generated rows go: each `write` is one transaction. */
export interface RowWriter {
  /** Sessions to buffer before calling `write`: large enough to amortise commits, small enough for memory. */
  readonly sessionsPerWrite: number;
  /** Writes that may run at once: PostgreSQL spreads concurrent transactions over its cores. */
  readonly parallelism: number;
  write(batch: SeedBatch): Promise<void>;
  close(): Promise<void>;
}

export { POSTGRES_LOAD_CONNECTIONS } from './postgres-bulk.ts';

type Columns<Row> = Record<keyof Row, true>;

export const VISITOR_COLUMNS = Object.keys({
  account_id: true,
  id: true,
  name: true,
  name_key: true,
  name_tail_key: true,
  name_last_key: true,
  name_third_key: true,
  email: true,
  email_lower: true,
  email_hash: true,
  params: true,
  first_session_timestamp: true,
  last_session_timestamp: true,
} satisfies Columns<VisitorsTable>) as (keyof VisitorsTable)[];

/**
 * Multi-row INSERTs through Kysely: the path inside a caller's transaction on PostgreSQL, and for SQLite
 * when there is no file to open. Either is one connection, so one write at a time, and neither defers
 * indexes: the caller's transaction may still need them.
 */
class KyselyRowWriter implements RowWriter {
  readonly sessionsPerWrite = 20_000;
  readonly parallelism = 1;
  private readonly visitors: BatchInserter<'visitors'>;
  private readonly sessions: BatchInserter<'sessions'>;
  private readonly pages: BatchInserter<'session_pages'>;

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
  ) {
    this.visitors = new BatchInserter(db, 'visitors', [...VISITOR_COLUMNS, 'session_count']);
    this.sessions = new BatchInserter(db, 'sessions', SESSION_COLUMNS);
    this.pages = new BatchInserter(db, 'session_pages', PAGE_COLUMNS);
  }

  async write({ visitors, sessions, sessionVisitors }: SeedBatch): Promise<void> {
    const work = async (executor: Db) => {
      const run: RunStatement = (text, parameters) => executor.executeQuery(CompiledQuery.raw(text, parameters));
      // On PostgreSQL the triggers that keep the rollups, the visitors' counts, the pages and the text
      // values stand aside for this transaction, and the batch's rows for each are added once, after the
      // sessions; SQLite's triggers stay and count every row.
      if (this.postgres) await run(BULK_LOAD_SQL, []);
      await this.visitors.insert(
        executor,
        visitors.map((visitor) => ({ ...visitor, session_count: 0 })),
      );
      await this.sessions.insert(executor, sessions);
      if (this.postgres && sessions.length > 0) {
        await this.pages.insert(executor, sessions.flatMap(sessionPages));
        await addTextValues(run, sessionTextValues(sessions));
        await addVisitorSessions(run, sessions);
        await addRollupCounts(run, countByHour(sessions), countFacetsByHour(sessions, sessionVisitors));
      }
    };
    // Inside a caller's transaction, its commit is the one that counts.
    if (this.db.isTransaction) await work(this.db);
    else await this.db.transaction().execute(work);
  }

  async close(): Promise<void> {}
}

const SQLITE_THREAD_FROM = 50_000;

/**
 * Picks the fastest safe way to write: PostgreSQL gets `COPY` on pooled connections of its own, a SQLite
 * file its own connection with cached single-row statements (Kysely prepares every statement anew, which
 * costs more than the insert itself at this volume), on a thread of its own for large loads; a caller's
 * transaction and an in-memory database go through Kysely.
 */
export async function openRowWriter(db: Db, options: { deferIndexes: boolean; sessions: number }): Promise<RowWriter> {
  const postgres = isPostgres(db);
  // Indexes are deferred only where the writer owns the connection: a caller's transaction may
  // still need them.
  const deferIndexes = options.deferIndexes && !db.isTransaction;
  // Indexes a failed load left dropped are built first, unless this load drops them again anyway.
  if (!deferIndexes && !db.isTransaction) await buildDeferredIndexes(db, 2);
  const pool = postgresPoolOf(db);
  if (postgres && pool !== undefined && !db.isTransaction) {
    if (deferIndexes) await dropPostgresIndexes(db);
    return new PostgresCopyRowWriter(db, pool, VISITOR_COLUMNS, SESSION_COLUMNS, deferIndexes);
  }
  if (postgres || db.isTransaction) return new KyselyRowWriter(db, postgres);
  const databases = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = databases.rows.find((row) => row.name === 'main')?.file ?? '';
  if (file === '') return new KyselyRowWriter(db, false);
  const writer = { file, visitorColumns: VISITOR_COLUMNS, sessionColumns: SESSION_COLUMNS, deferIndexes };
  // A thread of its own is worth its start (loading its modules takes 1–2 s from source) for large loads.
  return deferIndexes || options.sessions >= SQLITE_THREAD_FROM
    ? new SqliteThreadRowWriter(writer)
    : new SqliteFileRowWriter(writer);
}
