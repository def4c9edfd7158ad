import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { type Db, isPostgres } from '../db/database.ts';
import type { DatabaseSchema } from '../db/schema.ts';

// Bound parameters allowed in one statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER default, and the
// 16-bit count in PostgreSQL's wire protocol.
const SQLITE_MAX_PARAMETERS = 32_766;
const POSTGRES_MAX_PARAMETERS = 65_535;
const MAX_ROWS_PER_STATEMENT = 1000;

/**
 * Multi-row INSERTs for bulk loading. Kysely compiles the statement once per row count (so the
 * dialect's placeholders come out right) and the rows are then bound as flat parameter lists, which
 * skips rebuilding a query tree of tens of thousands of values for every batch.
 */
export class BatchInserter<Table extends keyof DatabaseSchema> {
  private readonly rowsPerStatement: number;
  private readonly statements = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly tableName: Table,
    private readonly columns: readonly (keyof DatabaseSchema[Table] & string)[],
  ) {
    const maxParameters = isPostgres(db) ? POSTGRES_MAX_PARAMETERS : SQLITE_MAX_PARAMETERS;
    this.rowsPerStatement = Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(maxParameters / columns.length));
  }

  private statement(rowCount: number): string {
    let sql = this.statements.get(rowCount);
    if (sql === undefined) {
      const row = Object.fromEntries(this.columns.map((column) => [column, 0]));
      // The table is a type parameter, so Kysely cannot check the row shape here; the column list is typed instead.
      const db = this.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      sql = db
        .insertInto(this.tableName)
        .values(Array.from({ length: rowCount }, () => row))
        .compile().sql;
      this.statements.set(rowCount, sql);
    }
    return sql;
  }

  /** Inserts every row through `executor` (the database or an open transaction). */
  async insert(executor: Db, rows: readonly Insertable<DatabaseSchema[Table]>[]): Promise<void> {
    for (let start = 0; start < rows.length; start += this.rowsPerStatement) {
      const end = Math.min(rows.length, start + this.rowsPerStatement);
      const parameters: unknown[] = [];
      for (let index = start; index < end; index += 1) {
        const row = rows[index] as DatabaseSchema[Table];
        for (const column of this.columns) parameters.push(row[column]);
      }
      await executor.executeQuery(CompiledQuery.raw(this.statement(end - start), parameters));
    }
  }
}
