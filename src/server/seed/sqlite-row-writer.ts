import SQLite from 'better-sqlite3';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
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
    this.writeAll = this.connection.transaction(
      (visitors: readonly VisitorsTable[], sessions: readonly SessionsTable[]) => {
        for (const visitor of visitors) insertVisitor.run(values(visitor, visitorColumns));
        for (const session of sessions) insertSession.run(values(session, sessionColumns));
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
