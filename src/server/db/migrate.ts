import { Migrator, sql } from 'kysely';
import { type DatabaseHandle, type Db, isPostgres, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

/** A migrator over this product's migrations for `db`. */
export async function createMigrator(db: Db): Promise<Migrator> {
  // On PostgreSQL the migration tables live in the connection's own schema: without this Kysely would
  // find another schema's tables on the search path and skip creating its own.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/**
 * Builds every index listed in deferred_indexes, `parallelism` at once on PostgreSQL (each builds with its
 * own sort), one at a time on SQLite. Run at start and before a load, it finishes what a failed load left.
 */
export async function buildDeferredIndexes(db: Db, parallelism = 1): Promise<number> {
  const queue = await db.selectFrom('deferred_indexes').select(['name', 'definition']).orderBy('name').execute();
  const count = queue.length;
  const postgres = isPostgres(db);
  const worker = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { name, definition } = index;
      await db.transaction().execute(async (trx) => {
        const present = postgres
          ? await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(trx)
          : await sql`select 1 from sqlite_master where type = 'index' and name = ${name}`.execute(trx);
        if (present.rows.length === 0) {
          if (postgres) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
          await sql.raw(definition).execute(trx);
        }
        await trx.deleteFrom('deferred_indexes').where('name', '=', name).execute();
      });
    }
  };
  await Promise.all(Array.from({ length: postgres ? parallelism : 1 }, worker));
  return count;
}

/**
 * Migrates `db`, builds any index a failed bulk load left dropped (two at a time), and vacuums the tables
 * the applied migrations rewrote; returns the migrations applied and the indexes built.
 */
export async function migrateAndMaintain(db: Db): Promise<{ applied: string[]; rebuilt: number }> {
  const applied = await migrateToLatest(db);
  const rebuilt = await buildDeferredIndexes(db, 2);
  await vacuumRewrittenTables(db, applied);
  return { applied, rebuilt };
}

/**
 * Migrates the database `handle` opened from `url`, then builds any index a failed bulk load left
 * dropped and vacuums what the migrations rewrote (`migrateAndMaintain`). On PostgreSQL this runs on a
 * connection of its own with no statement timeout: building an index or filling a table from millions
 * of rows takes minutes, and the request timeout would stop it. (A SQLite file has no timeout;
 * `:memory:` exists only on the handle's own connection.)
 */
export async function migrateDatabase(url: string, handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') return (await migrateAndMaintain(handle.db)).applied;
  const own = openDatabase(url, { poolSize: 2, statementTimeoutMs: 0 });
  try {
    return (await migrateAndMaintain(own.db)).applied;
  } finally {
    await own.close();
  }
}

/**
 * PostgreSQL: vacuums the tables that the applied migrations rewrote. A rewritten table's visibility map
 * is empty, so an index-only scan reads every row's page again, and autovacuum does not count a rewrite
 * as changes: at 10,000,000 sessions a first page's keys read 25 pages of the table instead of none.
 * VACUUM cannot run inside the migrations' transaction, so it runs after it.
 */
async function vacuumRewrittenTables(db: Db, applied: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return;
  const tables = new Set(applied.flatMap((name) => migrations[name]?.rewrites ?? []));
  for (const table of tables) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
}
