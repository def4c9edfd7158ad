import type { CompiledQuery } from 'kysely';
import { rootDb } from './abandoned-reads.ts';
import { type Db, postgresPoolOf } from './database.ts';

/**
 * PostgreSQL reads of the hottest requests, run on the pool without the query builder. Building and
 * compiling a query, then running it through Kysely's executor and the request's plugins, cost about
 * 130 µs of CPU over a first page's three statements at 1,000,000 sessions: a third of the server's
 * whole cost of the page, and most of what it spent beyond a bare driver running the same SQL.
 *
 * A statement whose text depends only on its shape (which fields narrow, the order) is compiled by
 * Kysely from the same code as ever, once per shape; its text is kept only when the compiled parameters
 * are exactly the ones the caller lists, so a text can never be run with parameters in another order.
 * What runs is therefore the very SQL Kysely would run.
 *
 * These reads are not cancelled when their request is abandoned (abandoned-reads.ts): they are the
 * short ones, bounded by an index range or a handful of rows.
 */
export class ShapedStatements {
  /** Each shape's text, or null once its compiled parameters did not match the caller's. */
  private readonly texts = new Map<string, string | null>();

  constructor(private readonly maxShapes = 256) {}

  /**
   * The rows of the statement `compile` builds, read on `db`'s pool; null (run it through Kysely instead)
   * on SQLite, inside a transaction, or when the shape's text could not be kept (`compile` gave none, or
   * its parameters were not `parameters`).
   */
  read<Row>(
    db: Db,
    shape: string,
    parameters: readonly unknown[],
    compile: () => CompiledQuery<Row> | null,
  ): Promise<Row[]> | null {
    const pool = postgresPoolOf(rootDb(db));
    if (!pool) return null;
    const text = this.textOf(shape, parameters, compile);
    if (text === null) return null;
    return pool.query(text, parameters as unknown[]).then((result) => result.rows as Row[]);
  }

  private textOf(shape: string, parameters: readonly unknown[], compile: () => CompiledQuery | null): string | null {
    const known = this.texts.get(shape);
    if (known !== undefined) return known;
    const compiled = compile();
    const text = compiled && sameParameters(compiled.parameters, parameters) ? compiled.sql : null;
    if (this.texts.size < this.maxShapes) this.texts.set(shape, text);
    return text;
  }
}

function sameParameters(compiled: readonly unknown[], listed: readonly unknown[]): boolean {
  if (compiled.length !== listed.length) return false;
  return compiled.every((value, index) => {
    const other = listed[index];
    if (Array.isArray(value) && Array.isArray(other)) return sameParameters(value, other);
    return Object.is(value, other);
  });
}
