import { type CompiledQuery, type Insertable, type Migrator, type RawBuilder, sql } from 'kysely';
import { afterEach, expect } from 'vitest';
import { type DatabaseHandle, type Db, isPostgres, openDatabase } from '../database.ts';
import { createMigrator } from '../migrate.ts';
import { hideValuesFromPlanner } from '../shaped-statements.ts';
import type { DatabaseSchema } from '../schema.ts';
import { type TestDatabase, createTestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

export interface BeforeMigration {
  /** The test database's URL. */
  url: string;
  database: DatabaseHandle;
  db: Db;
  migrator: Migrator;
  /** The migration just before the one under test. */
  before: string;
}

/**
 * For a migration's tests: returns a function that makes a new test database migrated up to just before
 * `migration`, so rows can exist before it runs; each is closed and dropped after its test.
 */
export function databaseBeforeMigration(
  migration: string,
  options: { poolSize?: number } = {},
): (kind: 'sqlite' | 'postgres') => Promise<BeforeMigration> {
  let testDb: TestDatabase | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    await testDb?.drop();
    database = undefined;
    testDb = undefined;
  });
  return async (kind) => {
    testDb = await createTestDatabase(kind);
    database = openDatabase(testDb.url, { poolSize: options.poolSize ?? 2 });
    const migrator = await createMigrator(database.db);
    const names = Object.keys(migrations);
    expect(names).toContain(migration);
    const before = names[names.indexOf(migration) - 1] ?? '';
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    return { url: testDb.url, database, db: database.db, migrator, before };
  };
}

/** An index's key columns, then (PostgreSQL) its included ones; both empty when it is missing. */
export async function indexColumns(db: Db, name: string): Promise<{ key: string[]; included: string[] }> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string; key: boolean }>`
      select a.attname as name, k.ordinality <= i.indnkeyatts as key
      from pg_index i
      join pg_class c on c.oid = i.indexrelid and c.relname = ${name}
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, ordinality)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      order by k.ordinality`.execute(db);
    return {
      key: rows.filter((row) => row.key).map((row) => row.name),
      included: rows.filter((row) => !row.key).map((row) => row.name),
    };
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
  return { key: rows.map((row) => row.name), included: [] };
}

/** Inserts rows 500 to a statement, well within either database's limit on parameters. */
export async function insertInBatches<Table extends keyof DatabaseSchema & string>(
  db: Db,
  table: Table,
  rows: readonly Insertable<DatabaseSchema[Table]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 500) as Insertable<DatabaseSchema[Table]>[])
      .execute();
  }
}

/** How many visitors have each name with each value of one of its keys: [name or '', key, count], by name. */
export async function visitorsByNameKey(
  db: Db,
  column: 'name_last_key' | 'name_third_key',
): Promise<(readonly [string, string | null, number])[]> {
  const { rows } = await sql<{ name: string | null; key: string | null; visitors: number | string }>`
    select name, ${sql.ref(column)} as key, count(*) as visitors from visitors
    group by name, ${sql.ref(column)}`.execute(db);
  return rows
    .map((row) => [row.name ?? '', row.key, Number(row.visitors)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `count` visitors of the account `acc_1` (ids `v_00000` on), whose names take `names` in turn, each with
 * the columns `keysOf` gives for its name as the table then kept them: more than one batch of a backfill.
 */
export function visitorsNamed(
  count: number,
  names: readonly (string | null)[],
  keysOf: (name: string) => Partial<Insertable<DatabaseSchema['visitors']>> = () => ({}),
): Insertable<DatabaseSchema['visitors']>[] {
  return Array.from({ length: count }, (_, index) => {
    const name = names[index % names.length] ?? null;
    return {
      account_id: 'acc_1',
      id: `v_${String(index).padStart(5, '0')}`,
      name,
      ...(name === null ? {} : keysOf(name)),
      params: '[]',
      first_session_timestamp: 1,
      last_session_timestamp: 1,
    };
  });
}

/** A visitor's name with its keys, and how many visitors have them. */
export interface NameKeysCount {
  name: string | null;
  name_key: string | null;
  name_tail_key: string | null;
  name_third_key: string | null;
  name_last_key: string | null;
  visitors: number;
}

/** Orders by name key, no key first. */
export const byNameKey = (a: NameKeysCount, b: NameKeysCount) =>
  (a.name_key ?? '') < (b.name_key ?? '') ? -1 : (a.name_key ?? '') > (b.name_key ?? '') ? 1 : 0;

/** Each name with its keys as the visitors table keeps them, and how many visitors have them, by key. */
export async function nameKeyCounts(db: Db): Promise<NameKeysCount[]> {
  const { rows } = await sql<Omit<NameKeysCount, 'visitors'> & { visitors: number | string }>`
    select name, name_key, name_tail_key, name_third_key, name_last_key, count(*) as visitors from visitors
    group by name, name_key, name_tail_key, name_third_key, name_last_key`.execute(db);
  return rows.map((row) => ({ ...row, visitors: Number(row.visitors) })).sort(byNameKey);
}

/** After a name key's migration went back down: its index, and its column in `visitors`, are gone. */
export async function expectNameKeyGone(db: Db, column: string, index: string): Promise<void> {
  expect((await indexColumns(db, index)).key).toEqual([]);
  const columns = await sql<Record<string, unknown>>`select * from visitors limit 1`.execute(db);
  expect(Object.keys(columns.rows[0] ?? {})).not.toContain(column);
}

/**
 * The plan of a statement as the server runs it (on SQLite with its values hidden from the planner), on
 * PostgreSQL as it would be for large tables.
 */
export async function planOf(db: Db, query: RawBuilder<unknown>): Promise<string> {
  const compiled: CompiledQuery = query.compile(db);
  if (!isPostgres(db)) {
    const { rows } = await db.executeQuery<{ detail: string }>({
      ...compiled,
      sql: `explain query plan ${hideValuesFromPlanner(compiled.sql)}`,
    });
    return rows.map((row) => row.detail).join('\n');
  }
  // A table this small is read whole whatever its indexes: the plan asked for is the one for a large one.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...compiled,
      sql: `explain ${compiled.sql}`,
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
