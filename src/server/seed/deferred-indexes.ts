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

// Every drop is listed in deferred_indexes in the same transaction, and each index leaves the list in
// the transaction that builds it: a load that fails or is killed halfway leaves the list behind, and
// the next start, migration or load builds what it holds (`buildDeferredIndexes` in db/migrate.ts;
// `createSqliteIndexes` below is its synchronous twin for the bulk writer's own connection, whose
// sorter threads and small sort runs make the builds faster).

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
  const remember = connection.prepare(
    'insert into deferred_indexes (name, definition) values (?, ?) on conflict (name) do nothing',
  );
  connection.transaction(() => {
    for (const index of rows) {
      remember.run(index.name, index.definition);
      connection.exec(`drop index "${index.name}"`);
    }
  })();
  return rows;
}

/** Builds every index listed in deferred_indexes on a SQLite connection, each in its own transaction. */
export function createSqliteIndexes(connection: SQLite.Database): void {
  const pending = connection
    .prepare('select name, definition from deferred_indexes order by name')
    .all() as DeferredIndex[];
  const exists = connection.prepare("select 1 from sqlite_master where type = 'index' and name = ?");
  const forget = connection.prepare('delete from deferred_indexes where name = ?');
  for (const index of pending) {
    connection.transaction(() => {
      if (exists.get(index.name) === undefined) connection.exec(index.definition);
      forget.run(index.name);
    })();
  }
}

/** The same on PostgreSQL (indexes of the current schema only). */
export async function dropPostgresIndexes(db: Db): Promise<DeferredIndex[]> {
  const { rows } = await sql<DeferredIndex>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(TABLES)})
      and i.indexdef not ilike 'CREATE UNIQUE%'
    order by i.indexname`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const index of rows) {
      await trx
        .insertInto('deferred_indexes')
        .values(index)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await sql`drop index ${sql.id(index.name)}`.execute(trx);
    }
  });
  return rows;
}
