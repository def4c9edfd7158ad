/**
 * seedSessions through Kysely (SQLite in memory, a caller's transaction on PostgreSQL) and through COPY
 * (PostgreSQL), writes the same rows as the SQLite file path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { SESSION_COLUMNS } from '../features/sessions/sessions.table.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { seedSessions } from './seed-sessions.ts';
import { DAYS, NOW } from './seed-sessions-fixtures.ts';

const postgres = testDatabaseKinds.includes('postgres');
const paths = ['sqlite-memory', ...(postgres ? ['postgres', 'postgres-transaction'] : [])];

describe.each(paths)('seedSessions through Kysely or COPY [%s]', (kind) => {
  let handle: DatabaseHandle;
  let testDb: TestDatabase | null = null;

  beforeAll(async () => {
    testDb = kind.startsWith('postgres') ? await createTestDatabase('postgres') : null;
    handle = openDatabase(testDb?.url ?? ':memory:', { poolSize: 4 });
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    await testDb?.drop();
  });

  it('writes the same rows as the SQLite file path, consistently', async () => {
    const seedAndRead = async (database: DatabaseHandle) => {
      const account = await createAccount(database.db, 'acme');
      const options = { accountId: account.id, sessions: 1500, days: DAYS, now: NOW, seed: 11 };
      const seeded =
        kind === 'postgres-transaction' && database === handle
          ? await database.db.transaction().execute((trx) => seedSessions(trx, options))
          : await seedSessions(database.db, options);
      const rows = await database.db
        .selectFrom('sessions')
        .select(SESSION_COLUMNS)
        .where('account_id', '=', account.id)
        .execute();
      const visitorRows = await database.db
        .selectFrom('visitors')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      const comparable = rows
        .map(({ account_id: _account, website_id, ...rest }) => ({
          ...rest,
          website: seeded.websiteIds.indexOf(website_id),
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
      return {
        seeded,
        comparable,
        visitors: visitorRows.map(({ account_id: _account, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id)),
      };
    };
    const viaKysely = await seedAndRead(handle);
    expect(viaKysely.seeded.sessions).toBe(1500);
    expect(viaKysely.comparable).toHaveLength(1500);
    expect(viaKysely.visitors).toHaveLength(viaKysely.seeded.visitors);

    const file = await freshDatabaseIn(fs.mkdtempSync(path.join(os.tmpdir(), 'seed-kysely-')));
    try {
      const viaFile = await seedAndRead(file);
      expect(viaKysely.comparable).toEqual(viaFile.comparable);
      expect(viaKysely.visitors).toEqual(viaFile.visitors);
    } finally {
      await file.close();
    }
  });
});

async function freshDatabaseIn(directory: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path.join(directory, 'file.db'));
  await migrateToLatest(handle.db);
  return handle;
}
