import type { CompiledQuery } from 'kysely';
import { type Db, isPostgres } from './database.ts';
import { PREPARED_MARK } from './prepared-statements.ts';

/**
 * The rows of a compiled query, run on PostgreSQL as a named prepared statement (prepared-statements.ts):
 * for statements whose text depends only on their shape and whose plan is the same for any values. It
 * stays with Kysely's executor, so a read whose request is abandoned still stops. SQLite keeps every
 * statement prepared already.
 */
export async function runPrepared<Row>(db: Db, compiled: CompiledQuery<Row>): Promise<Row[]> {
  const marked = isPostgres(db) ? { ...compiled, sql: `${PREPARED_MARK}${compiled.sql}` } : compiled;
  return (await db.executeQuery<Row>(marked)).rows;
}
