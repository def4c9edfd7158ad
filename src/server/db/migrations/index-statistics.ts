import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * On SQLite, gives new or rebuilt indexes statistics when the database keeps any (a bulk load leaves
 * them for every index): an index without them among indexes with them is misjudged by the planner.
 * PostgreSQL gathers its own.
 */
export async function analyzeLikeTheOthers(db: Kysely<unknown>, indexes: readonly string[]): Promise<void> {
  if (isPostgres(db)) return;
  const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (rows.length === 0) return;
  for (const index of indexes) await sql.raw(`analyze ${index}`).execute(db);
}
