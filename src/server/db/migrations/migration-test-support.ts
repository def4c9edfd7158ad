import type { Migrator } from 'kysely';
import { afterEach, expect } from 'vitest';
import { type DatabaseHandle, type Db, createMigrator, openDatabase } from '../database.ts';
import { type TestDatabase, createTestDatabase } from '../../test/harness.ts';
import { migrations } from './index.ts';

export interface BeforeMigration {
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
    return { database, db: database.db, migrator, before };
  };
}
