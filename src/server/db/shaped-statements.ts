import { CompiledQuery } from 'kysely';
import { rootDb } from './abandoned-reads.ts';
import { type Db, isPostgres, postgresPoolOf, sqliteReadersOf } from './database.ts';
import { PREPARED_MARK } from './prepared-statements.ts';

/**
 * Reads of the hottest requests, run without the query builder: on PostgreSQL's pool, and on SQLite's
 * reader threads (or its own connection when it has none). Building and compiling a query, then
 * running it through Kysely's executor and the request's plugin, cost about 130 µs of CPU over a first
 * page's three statements on PostgreSQL at 1,000,000 sessions: a third of the server's whole cost of
 * the page, and most of what it spent beyond a bare driver running the same SQL.
 *
 * A statement whose text depends only on its shape (which fields narrow, the order) is compiled by
 * Kysely from the same code as ever, once per shape and engine; its text is kept only when the compiled
 * parameters are exactly the ones the caller lists, so a text can never be run with parameters in
 * another order. What runs is therefore the very SQL Kysely would run.
 *
 * On PostgreSQL these reads are not cancelled when their request is abandoned (abandoned-reads.ts):
 * they are the short ones, bounded by an index range or a handful of rows.
 *
 * On SQLite a shape whose best plan is the same for any values (`samePlanForAnyValues`) runs with its
 * parameters hidden from the planner (`hideValuesFromPlanner`). SQLite is built with STAT4 here, and a
 * statement whose plan looked at a bound value is prepared again at its next run, to plan for the new
 * one: measured at 10,000,000 sessions, that cost as much again as running a first page's statement
 * (316 µs against 171 µs hidden), and about a fifth of a page of 100's (1,021 against 794 µs).
 */
export class ShapedStatements {
  /** Each engine's texts by shape, or null once a shape's compiled parameters did not match the caller's. */
  private readonly texts = { postgres: new Map<string, string | null>(), sqlite: new Map<string, string | null>() };

  constructor(private readonly maxShapes = 256) {}

  /**
   * The rows of the statement `compile` builds, read on `db`'s pool, its reader threads or, on a SQLite
   * connection without them, its own connection; null (run it through Kysely instead) on SQLite inside a
   * transaction, or when the shape's text could not be kept (`compile` gave none, or its parameters were
   * not `parameters`).
   * `samePlanForAnyValues` belongs to the shape: its text is kept, hidden or not, from the first call.
   * `prepared` runs it on PostgreSQL as a named prepared statement (prepared-statements.ts), for shapes
   * whose plan is the same for any values there too.
   */
  read<Row>(
    db: Db,
    shape: string,
    parameters: readonly unknown[],
    compile: () => CompiledQuery<Row> | null,
    options: { samePlanForAnyValues?: boolean; prepared?: boolean } = {},
  ): Promise<Row[]> | null {
    const pool = postgresPoolOf(rootDb(db));
    if (pool) {
      const prepare = options.prepared === true;
      const text = this.textOf(this.texts.postgres, shape, parameters, compile, false, prepare);
      return text === null ? null : pool.query(text, parameters as unknown[]).then((result) => result.rows as Row[]);
    }
    if (isPostgres(db) || db.isTransaction) return null;
    const text = this.textOf(this.texts.sqlite, shape, parameters, compile, options.samePlanForAnyValues);
    if (text === null) return null;
    const readers = sqliteReadersOf(db);
    if (readers) return readers.read(text, parameters) as Promise<Row[]>;
    // Without reader threads, on the connection's own statement cache: the kept text, values hidden, is
    // prepared once, where Kysely's text would be prepared again at every run that binds new values.
    return db.executeQuery(CompiledQuery.raw(text, parameters as unknown[])).then((result) => result.rows as Row[]);
  }

  private textOf(
    texts: Map<string, string | null>,
    shape: string,
    parameters: readonly unknown[],
    compile: () => CompiledQuery | null,
    hideValues = false,
    prepare = false,
  ): string | null {
    const known = texts.get(shape);
    if (known !== undefined) return known;
    const compiled = compile();
    const kept = compiled && sameParameters(compiled.parameters, parameters) ? compiled.sql : null;
    const text =
      kept === null ? null : hideValues ? hideValuesFromPlanner(kept) : prepare ? `${PREPARED_MARK}${kept}` : kept;
    if (texts.size < this.maxShapes) texts.set(shape, text);
    return text;
  }
}

/**
 * SQLite: the statement with each `?` placeholder written `+?`. Unary plus leaves a value as it is (text
 * stays text) and a term `column = +?` still uses an index, but the planner no longer reads the bound
 * value (STAT4 samples, a LIMIT's size), so the prepared statement is kept from one run to the next.
 * Placeholders inside quoted text or names are left alone.
 */
export function hideValuesFromPlanner(text: string): string {
  let hidden = '';
  let quote: string | null = null;
  for (const char of text) {
    if (quote !== null) {
      // A doubled quote inside a quoted run closes and reopens it: the same result.
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
    } else if (char === '[') {
      quote = ']';
    } else if (char === '?') {
      hidden += '+';
    }
    hidden += char;
  }
  return hidden;
}

function sameParameters(compiled: readonly unknown[], listed: readonly unknown[]): boolean {
  if (compiled.length !== listed.length) return false;
  return compiled.every((value, index) => {
    const other = listed[index];
    if (Array.isArray(value) && Array.isArray(other)) return sameParameters(value, other);
    return Object.is(value, other);
  });
}
