import SQLite from 'better-sqlite3';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { ADD_HOURLY_COUNT_SQL, countByHour } from './hourly-counts.ts';
import type { RowWriter } from './row-writer.ts';

// Random ids scatter inserts across every index, so a transaction touches most index pages. Big
// transactions and a big page cache mean each page is written once per transaction, not once per row.
const SESSIONS_PER_TRANSACTION = 100_000;
const CACHE_KIB = 1024 * 1024;

/**
 * Writes into a SQLite database file over a connection of its own, with one prepared single-row INSERT
 * per table reused for every row: several times faster than preparing multi-row statements per batch.
 */
export class SqliteFileRowWriter implements RowWriter {
  readonly sessionsPerWrite = SESSIONS_PER_TRANSACTION;
  readonly parallelism = 1;
  private readonly connection: SQLite.Database;
  private readonly writeAll: (visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]) => void;

  constructor(
    file: string,
    visitorColumns: readonly (keyof VisitorsTable)[],
    sessionColumns: readonly (keyof SessionsTable)[],
  ) {
    this.connection = new SQLite(file, { fileMustExist: true });
    this.connection.pragma('busy_timeout = 5000');
    this.connection.pragma('synchronous = NORMAL');
    this.connection.pragma(`cache_size = -${CACHE_KIB}`);
    const insertVisitor = this.prepareInsert('visitors', visitorColumns);
    const insertSession = this.prepareInsert('sessions', sessionColumns);
    const values = <Row>(row: Row, columns: readonly (keyof Row)[]) => columns.map((column) => row[column]);
    // The triggers on sessions (the hourly rollup, each visitor's session count) would update a row per
    // inserted session. Inside the transaction they are dropped, the batch's hours and visitors' counts
    // are added in one pass each, and the same triggers are created again, so no other connection ever
    // sees the table without them (SQLite's DDL is transactional).
    const triggers = this.connection
      .prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'sessions'")
      .all() as { name: string; sql: string }[];
    const addHourlyCount = this.connection.prepare(ADD_HOURLY_COUNT_SQL);
    const addVisitorSessions = this.connection.prepare(
      'update visitors set session_count = session_count + ? where account_id = ? and id = ?',
    );
    this.writeAll = this.connection.transaction(
      (visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]) => {
        for (const trigger of triggers) this.connection.exec(`drop trigger "${trigger.name}"`);
        for (const visitor of visitors) insertVisitor.run(values(visitor, visitorColumns));
        for (const session of sessions) insertSession.run(values(session, sessionColumns));
        for (const count of countByHour(sessions)) {
          addHourlyCount.run(count.account_id, count.website_id, count.hour, count.sessions);
        }
        for (const [key, count] of countByVisitor(sessions)) {
          const [accountId, visitorId] = key.split('\n');
          addVisitorSessions.run(count, accountId, visitorId);
        }
        for (const trigger of triggers) this.connection.exec(trigger.sql);
      },
    );
  }

  private prepareInsert(table: string, columns: readonly string[]): SQLite.Statement {
    const names = columns.map((column) => `"${column}"`).join(', ');
    return this.connection.prepare(`insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`);
  }

  async write(visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]): Promise<void> {
    this.writeAll(visitors, sessions);
  }

  async close(): Promise<void> {
    // Fold the write-ahead log back into the database so it does not linger at hundreds of megabytes;
    // with readers active this may stop early, which is harmless.
    this.connection.pragma('wal_checkpoint(TRUNCATE)');
    this.connection.close();
  }
}

/** How many of the sessions each visitor has, keyed by account id and visitor id joined by a newline. */
function countByVisitor(sessions: readonly SessionsTable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const session of sessions) {
    const key = `${session.account_id}\n${session.visitor_id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
