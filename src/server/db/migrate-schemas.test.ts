import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/harness.ts';
import { openDatabase } from './database.ts';
import { migrateDatabase, migrateToLatest } from './migrate.ts';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('migrations beside other schemas on one PostgreSQL database', () => {
  let admin: pg.Client;
  let testDb: TestDatabase;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await admin?.end();
    await testDb?.drop();
  });

  it('sees only its own schema, and migrates while other schemas come and go', async () => {
    const others = Array.from({ length: 30 }, () => `other_${crypto.randomBytes(5).toString('hex')}`);
    for (const schema of others) {
      await admin.query(`create schema ${schema}`);
      await admin.query(`create table ${schema}.sessions (id text primary key)`);
    }
    const handle = openDatabase(testDb.url, { poolSize: 2 });
    try {
      // Another process drops its schemas while this one migrates.
      const dropping = (async () => {
        for (const schema of others) await admin.query(`drop schema ${schema} cascade`);
      })();
      const applied = await migrateDatabase(testDb.url, handle);
      await dropping;
      expect(applied.length).toBeGreaterThan(0);

      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      const schemas = new Set(tables.map((table) => table.schema));
      expect([...schemas]).toEqual([new URL(testDb.url).searchParams.get('options')?.split('=')[1]]);
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['sessions', 'kysely_migration']));
      const sessions = tables.find((table) => table.name === 'sessions');
      expect(sessions?.columns.map((column) => column.name)).toContain('creation_timestamp');
      expect(
        (await handle.db.introspection.getTables()).some((table) => table.name.startsWith('kysely_migration')),
      ).toBe(false);
      // A second run finds its migration table in its own schema and has nothing left to apply.
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(base)('migrations and the statement timeout on PostgreSQL', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("run on a connection of their own without the request timeout of the server's pool", async () => {
    // A pool whose statements may last 1 ms: less than some migrations take even on empty tables.
    const handle = openDatabase(testDb.url, { poolSize: 1, statementTimeoutMs: 1 });
    let applied: string[] = [];
    try {
      await expect(sql`select pg_sleep(0.2)`.execute(handle.db)).rejects.toThrow(/statement timeout/);
      applied = await migrateDatabase(testDb.url, handle);
      expect(applied.length).toBeGreaterThan(20);
    } finally {
      await handle.close();
    }
    // Read back without the 1 ms limit, which even a count can exceed on a busy machine.
    const check = openDatabase(testDb.url, { poolSize: 1 });
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(check.db);
      expect(Number(rows[0]?.n)).toBe(applied.length);
    } finally {
      await check.close();
    }
  });
});
