import { type CompiledQuery, sql } from 'kysely';
import { type Db, isPostgres } from './database.ts';
import { PREPARED_MARK } from './prepared-statements.ts';
import { hideValuesFromPlanner } from './shaped-statements.ts';

/** SQLite texts with their values hidden from the planner, by the text they were written from. */
const hiddenTexts = new Map<string, string>();
const HIDDEN_TEXTS_KEPT = 256;

function hiddenText(text: string): string {
  const known = hiddenTexts.get(text);
  if (known !== undefined) return known;
  const hidden = hideValuesFromPlanner(text);
  if (hiddenTexts.size >= HIDDEN_TEXTS_KEPT) hiddenTexts.clear();
  hiddenTexts.set(text, hidden);
  return hidden;
}

/**
 * The rows of a compiled query, for statements whose text depends only on their shape and whose plan is
 * the same for any values. On SQLite its values are hidden from the planner (`hideValuesFromPlanner`), so
 * the statement SQLite keeps prepared is not planned again at every run: the people search's statement,
 * planned again for each search, took 1.6–2.0 ms, and 0.4–0.5 ms hidden, with the same plan (1,000,000
 * sessions, 311,876 visitors). On PostgreSQL it runs as a named prepared statement (prepared-statements.ts);
 * with `genericPlan`, under its generic plan on a connection of its own, for a statement so large that
 * planning it costs more than the two round trips that set and reset the mode: left to choose, PostgreSQL
 * planned the people search afresh for its values at every run, 5.7–7.3 ms a search that takes 1.8–3.2
 * ms so. It stays with Kysely's executor, so a read whose request is abandoned still stops.
 */
export async function runPrepared<Row>(
  db: Db,
  compiled: CompiledQuery<Row>,
  { genericPlan = false }: { genericPlan?: boolean } = {},
): Promise<Row[]> {
  if (!isPostgres(db)) return (await db.executeQuery<Row>({ ...compiled, sql: hiddenText(compiled.sql) })).rows;
  const prepared = { ...compiled, sql: `${PREPARED_MARK}${compiled.sql}` };
  if (!genericPlan || db.isTransaction) return (await db.executeQuery<Row>(prepared)).rows;
  return db.connection().execute(async (connection) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    try {
      return (await connection.executeQuery<Row>(prepared)).rows;
    } finally {
      await sql`reset plan_cache_mode`.execute(connection);
    }
  });
}
