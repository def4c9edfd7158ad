import SQLite from 'better-sqlite3';
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
import { createSqliteIndexes, dropSqliteIndexes } from './deferred-indexes.ts';
import type { RowWriter, SeedBatch } from './row-writer.ts';
import { PAGE_COLUMNS, sessionPages, sessionTextValues } from '../features/sessions/session-bulk-rows.ts';

// Sessions arrive in order of start time with ids that sort the same way, but a batch still adds to every
// visitor it names and to each value's part of the indexes kept during the load. Big transactions and a
// big page cache mean each page is written once per transaction, not once per row.
const SESSIONS_PER_TRANSACTION = 100_000;
const CACHE_KIB = 1024 * 1024;
const SORT_RUN_KIB = 2000;

/**
 * Writes into a SQLite database file over a connection of its own, with one prepared single-row INSERT
 * per table reused for every row: several times faster than preparing multi-row statements per batch.
 */
export class SqliteFileRowWriter implements RowWriter {
  readonly sessionsPerWrite = SESSIONS_PER_TRANSACTION;
  readonly parallelism = 1;
  private readonly connection: SQLite.Database;
  private readonly writeAll: (batch: SeedBatch) => void;
  /** Whether the load dropped secondary indexes, which `close` builds again. */
  private readonly deferring: boolean;

  constructor(
    file: string,
    visitorColumns: readonly (keyof VisitorsTable)[],
    sessionColumns: readonly (keyof SessionsTable)[],
    deferIndexes: boolean,
  ) {
    this.connection = new SQLite(file, { fileMustExist: true });
    this.connection.pragma('busy_timeout = 5000');
    this.connection.pragma('synchronous = NORMAL');
    this.connection.pragma(`cache_size = -${CACHE_KIB}`);
    // Index builds sort their keys; helper threads share the sorting.
    this.connection.pragma('threads = 2');
    this.deferring = deferIndexes;
    if (deferIndexes) dropSqliteIndexes(this.connection);
    // Each visitor is new and has no sessions yet; each batch of sessions adds to its visitors' counts.
    const insertVisitor = this.prepareInsert('visitors', [...visitorColumns, 'session_count']);
    const insertSession = this.prepareInsert('sessions', sessionColumns);
    const values = <Row>(row: Row, columns: readonly (keyof Row)[]) => columns.map((column) => row[column]);
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
    const addVisitorSessions = this.connection.prepare(
      'update visitors set session_count = session_count + ? where account_id = ? and id = ?',
    );
    const addHourlyCount = this.connection.prepare(ADD_HOURLY_COUNT_SQL);
    const markSetHour = this.connection.prepare(MARK_SET_HOUR_SQL);
    const markSetDay = this.connection.prepare(MARK_SET_DAY_SQL);
    const addFacetCount = this.connection.prepare(ADD_FACET_COUNT_SQL);
    const addDailyCount = this.connection.prepare(ADD_DAILY_COUNT_SQL);
    const addDailyFacetCount = this.connection.prepare(ADD_DAILY_FACET_COUNT_SQL);
    const insertPage = this.prepareInsert('session_pages', PAGE_COLUMNS);
    const addTextValue = this.connection.prepare(
      'insert into session_text_values (account_id, facet, value) values (?, ?, ?) on conflict do nothing',
    );
    this.writeAll = this.connection.transaction(({ visitors, sessions, sessionVisitors }: SeedBatch) => {
      for (const trigger of triggers) this.connection.exec(`drop trigger "${trigger.name}"`);
      for (const visitor of visitors) insertVisitor.run([...values(visitor, visitorColumns), 0]);
      for (const session of sessions) {
        insertSession.run(values(session, sessionColumns));
        for (const page of sessionPages(session)) insertPage.run(values(page, PAGE_COLUMNS));
      }
      const account = sessions[0]?.account_id;
      for (const [visitor, count] of countByVisitor(sessions)) addVisitorSessions.run(count, account, visitor);
      const hourly = countByHour(sessions);
      for (const count of hourly) addHourlyCount.run(count.account_id, count.website_id, count.hour, count.sessions);
      const hours = hoursOf(hourly);
      for (const [account, hour] of hours) markSetHour.run(account, hour, hour, account);
      for (const [account, day] of daysOf(hours)) markSetDay.run(account, day);
      for (const count of countByDay(hourly)) {
        addDailyCount.run(count.account_id, count.website_id, count.day, count.sessions);
      }
      const facets = countFacetsByHour(sessions, sessionVisitors);
      for (const count of facets) {
        addFacetCount.run(count.account_id, count.facet, count.value, count.hour, count.website_id, count.sessions);
      }
      for (const count of countFacetsByDay(facets)) {
        addDailyFacetCount.run(count.account_id, count.facet, count.value, count.day, count.website_id, count.sessions);
      }
      for (const row of sessionTextValues(sessions)) addTextValue.run(row);
      for (const trigger of triggers) this.connection.exec(trigger.sql);
    });
  }

  private prepareInsert(table: string, columns: readonly string[]): SQLite.Statement {
    const names = columns.map((column) => `"${column}"`).join(', ');
    return this.connection.prepare(`insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`);
  }

  async write(batch: SeedBatch): Promise<void> {
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
