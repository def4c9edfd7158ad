import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

/** Statements that change the schema, after which cached statements may return other columns. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Row = Record<string, unknown>;
/** The row whose values start at `at` in `values`. */
export type BuildRow = (values: unknown[], at: number) => Row;

/**
 * A function turning a row's values into an object with these keys, as one object literal: V8 gives
 * every row the same fast shape at once, where the driver's objects get their properties one by one
 * (about 40% fewer instructions to read a page of 100 sessions). Later duplicates win, as in the driver's
 * objects. Null when a name cannot be a literal's plain key.
 */
export function rowBuilder(names: readonly string[]): BuildRow | null {
  if (names.includes('__proto__')) return null;
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[at + ${index}]`);
  // The names are the query's own column names, quoted as JSON strings: nothing outside the SQL text we
  // wrote reaches the generated code.
  return new Function('values', 'at', `return { ${properties.join(', ')} };`) as BuildRow;
}

/**
 * A reader statement that fetches arrays and builds each row with `rowBuilder`; writers pass through.
 * The column names are read again whenever a row's length no longer matches them: another connection
 * may have altered a table under a `select *`.
 */
function fastReader(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let names = statement.columns().map((column) => column.name);
  let build = rowBuilder(names);
  if (!build) return statement;
  const raw = statement.raw(true);
  const rows = (values: unknown[][]): Row[] => {
    const first = values[0];
    if (first !== undefined && first.length !== names.length) {
      names = raw.columns().map((column) => column.name);
      build = rowBuilder(names) ?? build;
    }
    return values.map((row) => (build as BuildRow)(row, 0));
  };
  return {
    reader: true,
    all: (parameters) => rows(raw.all(parameters) as unknown[][]),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) yield* rows([values]);
    },
  };
}

/**
 * Kysely prepares every query anew, which on SQLite costs as much as running it; the service issues the
 * same few hundred SQL texts over and over, so their prepared statements are kept (least recently used
 * out first), with their rows built as `fastReader` does. Kysely runs one query at a time on the
 * connection, so a statement is never used twice at once. A schema change empties the cache.
 */
export function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        if (SCHEMA_CHANGE.test(source)) statements.clear();
        statement = fastReader(database.prepare(source));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}
