/**
 * The SQLite bulk writer on its own thread (large loads, and any load that defers the indexes) writes
 * what the writer on the caller's thread writes, reports a failed write as the database's own error,
 * and builds the indexes it dropped again whatever happened.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { SESSION_COLUMNS } from '../features/sessions/sessions.table.ts';
import { openRowWriter } from './row-writer.ts';
import { seedSessions } from './seed-sessions.ts';
import { DAYS, NOW } from './seed-sessions-fixtures.ts';

describe('the SQLite bulk writer on a thread of its own', () => {
  let dir: string;
  const handles: DatabaseHandle[] = [];

  async function freshDatabase(name: string): Promise<DatabaseHandle> {
    const handle = openDatabase(path.join(dir, `${name}.db`));
    handles.push(handle);
    await migrateToLatest(handle.db);
    return handle;
  }

  async function secondaryIndexes(handle: DatabaseHandle): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'index' and tbl_name in ('sessions', 'visitors', 'session_pages') and sql is not null
      order by 1`.execute(handle.db);
    return rows.map((row) => row.name);
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-thread-'));
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the same sessions and visitors as the writer on the caller's thread", async () => {
    // Deferring the indexes puts even a small load on the thread; without, it stays on the caller's.
    const seedAndRead = async (handle: DatabaseHandle, deferIndexes: boolean) => {
      const account = await createAccount(handle.db, 'acme');
      const seeded = await seedSessions(handle.db, {
        accountId: account.id,
        sessions: 1200,
        days: DAYS,
        now: NOW,
        seed: 5,
        deferIndexes,
        sessionsPerWrite: 250,
      });
      const sessions = await handle.db
        .selectFrom('sessions')
        .select(SESSION_COLUMNS)
        .where('account_id', '=', account.id)
        .orderBy('id')
        .execute();
      const visitors = await handle.db
        .selectFrom('visitors')
        .selectAll()
        .where('account_id', '=', account.id)
        .orderBy('id')
        .execute();
      return {
        seeded: seeded.sessions,
        sessions: sessions.map(({ account_id: _account, website_id, ...rest }) => ({
          ...rest,
          website: seeded.websiteIds.indexOf(website_id),
        })),
        visitors: visitors.map(({ account_id: _account, ...rest }) => rest),
      };
    };
    const onThread = await seedAndRead(await freshDatabase('thread'), true);
    const onCaller = await seedAndRead(await freshDatabase('caller'), false);
    expect(onThread.seeded).toBe(1200);
    expect(onThread.sessions).toHaveLength(1200);
    expect(onThread.visitors.length).toBeGreaterThan(100);
    expect(onThread).toEqual(onCaller);
  });

  it("reports a failed write with the database's error, goes on writing, and builds the indexes again", async () => {
    const handle = await freshDatabase('failing');
    const account = await createAccount(handle.db, 'acme');
    await seedSessions(handle.db, { accountId: account.id, sessions: 40, days: DAYS, now: NOW, seed: 3 });
    const indexes = await secondaryIndexes(handle);
    expect(indexes.length).toBeGreaterThan(15);
    const [known, other] = await handle.db.selectFrom('visitors').selectAll().orderBy('id').limit(2).execute();
    if (!known || !other) throw new Error('the load wrote fewer than two visitors');

    const writer = await openRowWriter(handle.db, { deferIndexes: true, sessions: 1 });
    // The visitor is there already: the key refuses it, and the whole batch with it.
    const fresh = { ...other, id: `${other.id}-again` };
    await expect(writer.write({ visitors: [fresh, known], sessions: [], sessionVisitors: new Map() })).rejects.toThrow(
      /UNIQUE constraint failed: visitors/,
    );
    expect(await handle.db.selectFrom('visitors').select('id').where('id', '=', fresh.id).execute()).toEqual([]);
    await writer.write({ visitors: [fresh], sessions: [], sessionVisitors: new Map() });
    await writer.close();

    expect(await handle.db.selectFrom('visitors').select('id').where('id', '=', fresh.id).execute()).toEqual([
      { id: fresh.id },
    ]);
    expect(await secondaryIndexes(handle)).toEqual(indexes);
    expect(await handle.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
  });
});
