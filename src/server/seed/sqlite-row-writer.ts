import SQLite from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startModuleThread } from '../lib/module-thread.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import {
  ADD_DAILY_COUNT_SQL,
  ADD_DAILY_FACET_COUNT_SQL,
  ADD_FACET_COUNT_SQL,
  ADD_HOURLY_COUNT_SQL,
  MARK_SET_DAY_SQL,
  MARK_SET_HOUR_SQL,
  daysOf,
  hoursOf,
  countByDay,
  countByHour,
  countByVisitor,
  countFacetsByDay,
  countFacetsByHour,
} from './hourly-counts.ts';
import { type ColumnBatch, forEachRow, toColumns, transferables } from './column-batch.ts';
import { createSqliteIndexes, dropSqliteIndexes } from './deferred-indexes.ts';
import type { RowWriter, SeedBatch } from './row-writer.ts';
import { PAGE_COLUMNS, sessionPages, sessionTextValues } from '../features/sessions/session-bulk-rows.ts';

// Sessions arrive in order of start time with ids that sort the same way, but a batch still adds to every
// visitor it names and to each value's part of the indexes kept during the load. Big transactions and a
// big page cache mean each page is written once per transaction, not once per row.
const SESSIONS_PER_TRANSACTION = 100_000;
const CACHE_KIB = 1024 * 1024;
const SORT_RUN_KIB = 2000;

/** Where a SQLite bulk writer writes, the columns it writes, and whether it defers the indexes. */
export interface SqliteWriterOptions {
  file: string;
  visitorColumns: readonly (keyof VisitorsTable)[];
  sessionColumns: readonly (keyof SessionsTable)[];
  deferIndexes: boolean;
}

/**
 * A batch as the statements bind it, each table's rows as columns (column-batch.ts), with every count
 * worked out.
 */
export interface BoundBatch {
  /** The visitors' columns, then their session count (0). */
  visitors: ColumnBatch;
  sessions: ColumnBatch;
  pages: ColumnBatch;
  /** count, account, visitor. */
  visitorSessions: ColumnBatch;
  /** account, website, hour, sessions. */
  hourly: ColumnBatch;
  /** account, hour, hour, account (MARK_SET_HOUR_SQL). */
  setHours: ColumnBatch;
  /** account, day. */
  setDays: ColumnBatch;
  /** account, website, day, sessions. */
  daily: ColumnBatch;
  /** account, facet, value, hour, website, sessions. */
  facets: ColumnBatch;
  /** account, facet, value, day, website, sessions. */
  facetDays: ColumnBatch;
  /** account, facet, value. */
  textValues: ColumnBatch;
}

/** A single-row INSERT of `columns`. */
function insertSql(table: string, columns: readonly string[]): string {
  const names = columns.map((column) => `"${column}"`).join(', ');
  return `insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`;
}

/** Works out what a batch writes: its rows and the rollups' counts, bound in each statement's order. */
export function bindBatch(
  { visitors, sessions, sessionVisitors }: SeedBatch,
  { visitorColumns, sessionColumns }: Pick<SqliteWriterOptions, 'visitorColumns' | 'sessionColumns'>,
): BoundBatch {
  const account = sessions[0]?.account_id;
  const hourly = countByHour(sessions);
  const hours = hoursOf(hourly);
  const facets = countFacetsByHour(sessions, sessionVisitors);
  const visitorSessions = [...countByVisitor(sessions)].map(([visitor, count]) => [count, account, visitor] as const);
  return {
    visitors: toColumns(visitors, visitorColumns, [0]),
    sessions: toColumns(sessions, sessionColumns),
    pages: toColumns(sessions.flatMap(sessionPages), PAGE_COLUMNS),
    visitorSessions: toColumns(visitorSessions, [0, 1, 2]),
    hourly: toColumns(hourly, ['account_id', 'website_id', 'hour', 'sessions']),
    setHours: toColumns(hours, [0, 1, 1, 0]),
    setDays: toColumns(daysOf(hours), [0, 1]),
    daily: toColumns(countByDay(hourly), ['account_id', 'website_id', 'day', 'sessions']),
    facets: toColumns(facets, ['account_id', 'facet', 'value', 'hour', 'website_id', 'sessions']),
    facetDays: toColumns(countFacetsByDay(facets), ['account_id', 'facet', 'value', 'day', 'website_id', 'sessions']),
    textValues: toColumns(sessionTextValues(sessions), [0, 1, 2]),
  };
}

/**
 * Writes into a SQLite database file over a connection of its own, with one prepared single-row INSERT
 * per table reused for every row: several times faster than preparing multi-row statements per batch.
 */
export class SqliteFileRowWriter implements RowWriter {
  readonly sessionsPerWrite = SESSIONS_PER_TRANSACTION;
  readonly parallelism = 1;
  private readonly connection: SQLite.Database;
  private readonly writeAll: (batch: BoundBatch) => void;
  /** Whether the load dropped secondary indexes, which `close` builds again. */
  private readonly deferring: boolean;

  constructor(private readonly options: SqliteWriterOptions) {
    const { file, visitorColumns, sessionColumns, deferIndexes } = options;
    this.connection = new SQLite(file, { fileMustExist: true });
    this.connection.pragma('busy_timeout = 5000');
    this.connection.pragma('synchronous = NORMAL');
    this.connection.pragma(`cache_size = -${CACHE_KIB}`);
    // Index builds sort their keys; helper threads share the sorting.
    this.connection.pragma('threads = 2');
    this.deferring = deferIndexes;
    if (deferIndexes) dropSqliteIndexes(this.connection);
    // The triggers on sessions (the hourly rollups, each visitor's session count, the session's pages) would update a row per
    // inserted session. Inside the transaction they are dropped, the batch's hours, facet values and
    // visitors' counts are added in one pass each, and the same triggers are created again, so no other connection
    // ever sees the table without them (SQLite's DDL is transactional).
    // The triggers of session_pages and session_hourly_facets that list distinct text values go the same
    // way: the batch's values are added once each; so do those that add hourly rows to the daily rollups.
    const triggers = this.connection
      .prepare(
        `select name, sql from sqlite_master where type = 'trigger'
         and tbl_name in ('sessions', 'session_pages', 'session_hourly_counts', 'session_hourly_facets')`,
      )
      .all() as { name: string; sql: string }[];
    // Each statement and the batch's rows for it, in this order. Each visitor is new and has no sessions
    // yet; each batch of sessions adds to its visitors' counts.
    const step = (text: string, rowsOf: (batch: BoundBatch) => ColumnBatch) => ({
      statement: this.connection.prepare(text),
      rowsOf,
    });
    const steps = [
      step(insertSql('visitors', [...visitorColumns, 'session_count']), (b) => b.visitors),
      step(insertSql('sessions', sessionColumns), (b) => b.sessions),
      step(insertSql('session_pages', PAGE_COLUMNS), (b) => b.pages),
      step(
        'update visitors set session_count = session_count + ? where account_id = ? and id = ?',
        (b) => b.visitorSessions,
      ),
      step(ADD_HOURLY_COUNT_SQL, (b) => b.hourly),
      step(MARK_SET_HOUR_SQL, (b) => b.setHours),
      step(MARK_SET_DAY_SQL, (b) => b.setDays),
      step(ADD_DAILY_COUNT_SQL, (b) => b.daily),
      step(ADD_FACET_COUNT_SQL, (b) => b.facets),
      step(ADD_DAILY_FACET_COUNT_SQL, (b) => b.facetDays),
      step(
        'insert into session_text_values (account_id, facet, value) values (?, ?, ?) on conflict do nothing',
        (b) => b.textValues,
      ),
    ];
    this.writeAll = this.connection.transaction((batch: BoundBatch) => {
      for (const trigger of triggers) this.connection.exec(`drop trigger "${trigger.name}"`);
      for (const { statement, rowsOf } of steps) forEachRow(rowsOf(batch), (values) => statement.run(values));
      for (const trigger of triggers) this.connection.exec(trigger.sql);
    });
  }

  async write(batch: SeedBatch): Promise<void> {
    this.writeAll(bindBatch(batch, this.options));
  }

  /** Writes a batch already bound (on another thread) in one transaction. */
  writeBound(batch: BoundBatch): void {
    this.writeAll(batch);
  }

  async close(): Promise<void> {
    // Everything deferred_indexes lists: this load's drops and any an earlier failed load left.
    // A load that deferred its indexes at least doubled the tables: the planner's statistics are refreshed
    // with them, or it would go on planning for the small tables they were (full scans where an index wins).
    if (this.deferring) {
      // Each build sorts its keys in runs the size of the page cache, on the sorter's helper threads,
      // then merges them: runs of 2 MB built the 23 indexes of 1,000,000 sessions in 21 s, against 30 s
      // with every key sorted at once in the load's 1 GB cache.
      this.connection.pragma(`cache_size = -${SORT_RUN_KIB}`);
      createSqliteIndexes(this.connection);
      this.connection.exec('analyze');
    }
    // Fold the write-ahead log back into the database so it does not linger at hundreds of megabytes;
    // with readers active this may stop early, which is harmless.
    this.connection.pragma('wal_checkpoint(TRUNCATE)');
    this.connection.close();
  }
}

/** A batch to write, or (without one) the end of the load: the thread builds the indexes and closes. */
export interface WriterRequest {
  id: number;
  batch?: BoundBatch;
}

export interface WriterAnswer {
  id: number;
  error?: { name: string; message: string; code?: string };
}

const WRITER_THREAD = siblingModule(import.meta.url, 'sqlite-writer-thread');

/**
 * The same writer on a thread of its own: the load's rows are drawn, counted and bound on the caller's
 * thread while the previous batch is written, so drawing and writing share the machine's cores instead
 * of taking turns.
 */
export class SqliteThreadRowWriter implements RowWriter {
  readonly sessionsPerWrite = SESSIONS_PER_TRANSACTION;
  // One batch written while the next is drawn.
  readonly parallelism = 2;
  private readonly thread: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private asked = 0;
  private failure: Error | null = null;

  constructor(private readonly options: SqliteWriterOptions) {
    this.thread = startModuleThread(WRITER_THREAD, options);
    this.thread.on('message', ({ id, error }: WriterAnswer) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(error.message), { name: error.name, code: error.code }));
    });
    this.thread.on('error', (error) => this.fail(error));
    this.thread.on('exit', (code) => this.fail(new Error(`the SQLite writer's thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
  }

  private ask(batch?: BoundBatch): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    this.asked += 1;
    const request: WriterRequest = { id: this.asked, batch };
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.thread.postMessage(request, batch === undefined ? [] : transferables(Object.values(batch)));
    });
  }

  write(batch: SeedBatch): Promise<void> {
    return this.ask(bindBatch(batch, this.options));
  }

  async close(): Promise<void> {
    try {
      await this.ask();
    } finally {
      await this.thread.terminate();
    }
  }
}
