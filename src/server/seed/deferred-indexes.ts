import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A secondary index dropped for a bulk load, with the statement that builds it again. */
export interface DeferredIndex {
  name: string;
  definition: string;
}

// Only plain secondary indexes are deferred: primary keys and unique indexes keep enforcing their
// constraints while rows arrive.
const TABLES = ['sessions', 'visitors', 'session_pages'];

/**
 * Drops the secondary indexes of sessions, visitors and session_pages from a SQLite connection. Building an index once
 * over sorted keys is far cheaper than updating twenty B-trees at random places for every row.
 */
export function dropSqliteIndexes(connection: SQLite.Database): DeferredIndex[] {
  const rows = connection
    .prepare(
      `select name, sql as definition from sqlite_master
       where type = 'index' and tbl_name in (${TABLES.map(() => '?').join(', ')}) and sql is not null
         and upper(sql) not like 'CREATE UNIQUE%'
       order by name`,
    )
    .all(...TABLES) as DeferredIndex[];
  connection.transaction(() => {
    for (const index of rows) connection.exec(`drop index "${index.name}"`);
  })();
  return rows;
}

export function createSqliteIndexes(connection: SQLite.Database, indexes: readonly DeferredIndex[]): void {
  for (const index of indexes) connection.exec(index.definition);
}

/** The same on PostgreSQL (indexes of the current schema only). */
export async function dropPostgresIndexes(db: Db): Promise<DeferredIndex[]> {
  const { rows } = await sql<DeferredIndex>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(TABLES)})
      and i.indexdef not ilike 'CREATE UNIQUE%'
    order by i.indexname`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  });
  return rows;
}

/** Builds the indexes again, a few at once: PostgreSQL builds each with its own sort. */
export async function createPostgresIndexes(
  db: Db,
  indexes: readonly DeferredIndex[],
  parallelism: number,
): Promise<void> {
  const queue = [...indexes];
  const worker = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const definition = index.definition;
      await db.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        await sql.raw(definition).execute(trx);
      });
    }
  };
  await Promise.all(Array.from({ length: parallelism }, worker));
}
