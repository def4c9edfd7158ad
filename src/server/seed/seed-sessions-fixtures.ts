/**
 * What the seedSessions suites share: the moment, window and size they seed, and an account "acme" seeded
 * once per suite into a SQLite file beside another account's website, so the seed must keep to its own account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { seedSessions } from './seed-sessions.ts';

export const NOW = new Date('2026-11-20T15:30:00Z');
export const NOW_SECONDS = NOW.getTime() / 1000;
export const DAYS = 30;
export const SESSIONS = 2000;

export interface SeededAccount {
  handle: DatabaseHandle;
  accountId: string;
  otherWebsiteId: string;
  result: Awaited<ReturnType<typeof seedSessions>>;
  sessions: SessionsTable[];
  visitors: VisitorsTable[];
  /** Opens a new migrated SQLite file beside the seeded one; the suite closes and removes it. */
  freshDatabase: (name: string) => Promise<DatabaseHandle>;
}

/**
 * Seeds SESSIONS sessions over DAYS days with seed 7 before the suite's tests, and closes and removes every
 * file after them. Returns the seeded account, read once the tests run.
 */
export function seededOnSqlite(): () => SeededAccount {
  let dir: string;
  const handles: DatabaseHandle[] = [];
  let seeded: SeededAccount;

  async function freshDatabase(name: string): Promise<DatabaseHandle> {
    const handle = openDatabase(path.join(dir, `${name}.db`));
    handles.push(handle);
    await migrateToLatest(handle.db);
    return handle;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
    const handle = await freshDatabase('main');
    const other = await createAccount(handle.db, 'other');
    const otherWebsiteId = (await createWebsite(handle.db, { accountId: other.id, host: 'www.other.com' })).id;
    const accountId = (await createAccount(handle.db, 'acme')).id;
    const result = await seedSessions(handle.db, { accountId, sessions: SESSIONS, days: DAYS, now: NOW, seed: 7 });
    const sessions = await handle.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId).execute();
    const visitors = await handle.db.selectFrom('visitors').selectAll().where('account_id', '=', accountId).execute();
    seeded = { handle, accountId, otherWebsiteId, result, sessions, visitors, freshDatabase };
  });

  afterAll(async () => {
    for (const open of handles) await open.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  return () => seeded;
}
