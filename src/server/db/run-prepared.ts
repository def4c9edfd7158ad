import type { CompiledQuery } from 'kysely';
import { type Db, isPostgres } from './database.ts';
import { PREPARED_MARK } from './prepared-statements.ts';

/** The SQLite texts `valuesUnseenByPlanner` has written, by the text they were written from. */
const unseenTexts = new Map<string, string>();
const UNSEEN_TEXTS_KEPT = 256;

/**
 * SQLite statement text with each parameter written `+?`: the same value and the same plan, but one the
 * planner cannot look into. Under `ANALYZE`'s samples (sqlite_stat4) SQLite plans a statement again each
 * time a parameter it compared with the samples is bound, even to the same value: the people search's
 * statement, planned again on every run, took 1.6–2.0 ms, and 0.4–0.5 ms with `+?` and the same plan
 * (1,000,000 sessions, 311,876 visitors). Quoted text and names are left as they are.
 */
export function valuesUnseenByPlanner(text: string): string {
  const known = unseenTexts.get(text);
  if (known !== undefined) return known;
  let written = '';
  let quote: string | null = null;
  for (const character of text) {
    if (quote !== null) {
      // A doubled quote inside quotes closes and opens again: the state comes out the same.
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"' || character === '`') quote = character;
    else if (character === '?') {
      written += '+?';
      continue;
    }
    written += character;
  }
  if (unseenTexts.size >= UNSEEN_TEXTS_KEPT) unseenTexts.clear();
  unseenTexts.set(text, written);
  return written;
}

/**
 * The rows of a compiled query, for statements whose text depends only on their shape and whose plan is
 * the same for any values: on PostgreSQL run as a named prepared statement (prepared-statements.ts), on
 * SQLite with its values hidden from the planner (`valuesUnseenByPlanner`), so the statement SQLite keeps
 * prepared is not planned again for each run. It stays with Kysely's executor, so a read whose request is
 * abandoned still stops.
 */
export async function runPrepared<Row>(db: Db, compiled: CompiledQuery<Row>): Promise<Row[]> {
  const sql = isPostgres(db) ? `${PREPARED_MARK}${compiled.sql}` : valuesUnseenByPlanner(compiled.sql);
  return (await db.executeQuery<Row>({ ...compiled, sql })).rows;
}
