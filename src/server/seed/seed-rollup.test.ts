import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';
import { POSTGRES_LOAD_CONNECTIONS } from './postgres-bulk.ts';
import { expectDerivedRowsExact } from './seed-rollup-fixtures.ts';
import { seedSessions } from './seed-sessions.ts';

/** Index names of sessions and visitors, sorted. */
async function indexNames(handle: DatabaseHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename in ('sessions', 'visitors')`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name in ('sessions', 'visitors')`.execute(handle.db);
  const names = rows.map((row) => row.name).sort();
  expect(names.length).toBeGreaterThan(10);
  return names;
}

describe.each(['sqlite-file', ...testDatabaseKinds.filter((kind) => kind === 'postgres')])(
  'bulk seeding keeps the hourly rollup exact [%s]',
  (kind) => {
    let handle: DatabaseHandle;
    let testDb: TestDatabase | null = null;
    let dir: string | null = null;

    beforeAll(async () => {
      testDb = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      dir = kind === 'postgres' ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'seed-rollup-'));
      handle = openDatabase(testDb?.url ?? path.join(dir ?? '', 'file.db'), { poolSize: 4 });
      await migrateToLatest(handle.db);
    });

    afterAll(async () => {
      await handle.close();
      await testDb?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('builds dropped indexes again after a load that defers them, with exact rollup and visitor counts', async () => {
      const indexesBefore = await indexNames(handle);
      const account = await createAccount(handle.db, 'deferred');
      await seedSessions(handle.db, { accountId: account.id, sessions: 1500, days: 5, seed: 7, deferIndexes: true });
      expect(await indexNames(handle)).toEqual(indexesBefore);
      await expectDerivedRowsExact(handle, account.id, 1500);
    });

    it('keeps them exact when batches are written side by side, on the pool size the command line uses', async () => {
      const pooled = openDatabase(testDb?.url ?? path.join(dir ?? '', 'file.db'), {
        poolSize: POSTGRES_LOAD_CONNECTIONS + 1,
      });
      try {
        const account = await createAccount(pooled.db, 'side-by-side');
        const options = { accountId: account.id, days: 5, sessionsPerWrite: 400, deferIndexes: false };
        // Two loads at once, each writing its batches side by side, add to the same rollup rows.
        await Promise.all([
          seedSessions(pooled.db, { ...options, sessions: 2400, seed: 9 }),
          seedSessions(handle.db, { ...options, sessions: 1600, seed: 10 }),
        ]);
        await expectDerivedRowsExact(handle, account.id, 4000);
      } finally {
        await pooled.close();
      }
    });

    it("keeps the rollups, pages and visitors' counts exact when it loads inside a caller's transaction", async () => {
      const account = await createAccount(handle.db, 'in-transaction');
      await handle.db
        .transaction()
        .execute((trx) => seedSessions(trx, { accountId: account.id, sessions: 900, days: 5, seed: 8 }));
      await expectDerivedRowsExact(handle, account.id, 900);
    });

    it('adds whole batches to the rollup, then counts later single inserts row by row again', async () => {
      const account = await createAccount(handle.db, 'acme');
      await seedSessions(handle.db, { accountId: account.id, sessions: 1200, days: 5, seed: 5 });
      // A second load adds to hours the first already holds.
      const second = await seedSessions(handle.db, { accountId: account.id, sessions: 800, days: 5, seed: 6 });
      await expectDerivedRowsExact(handle, account.id, 2000);

      const visitor = await insertVisitor(handle.db, account.id);
      await insertSession(handle.db, account.id, second.websiteIds[0] ?? '', visitor.id, {
        creation_timestamp: 1_790_000_000,
      });
      await expectDerivedRowsExact(handle, account.id, 2001);
    });
  },
);
