/** Seeding again: the same seed gives the same rows, and a later seed adds to an account and its websites. */
import { describe, expect, it } from 'vitest';
import { createAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable } from '../features/sessions/sessions.table.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { seedSessions } from './seed-sessions.ts';
import { DAYS, NOW, SESSIONS, seededOnSqlite } from './seed-sessions-fixtures.ts';

describe('seedSessions on SQLite', () => {
  const acme = seededOnSqlite();

  it('is deterministic for a given seed and now', async () => {
    const { result, sessions, freshDatabase } = acme();
    const copy = await freshDatabase('copy');
    await createWebsite(copy.db, { accountId: (await createAccount(copy.db, 'other')).id, host: 'www.other.com' });
    const copyAccount = await createAccount(copy.db, 'acme');
    const copyResult = await seedSessions(copy.db, {
      accountId: copyAccount.id,
      sessions: SESSIONS,
      days: DAYS,
      now: NOW,
      seed: 7,
    });
    expect(copyResult.visitors).toBe(result.visitors);
    const copied = await copy.db.selectFrom('sessions').selectAll().where('account_id', '=', copyAccount.id).execute();
    // Account and website ids are fresh random ids; everything else must match row for row.
    const comparable = (rows: SessionsTable[], websiteIds: string[]) =>
      rows
        .map(({ account_id: _account, website_id, ...rest }) => ({ ...rest, website: websiteIds.indexOf(website_id) }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(comparable(copied, copyResult.websiteIds)).toEqual(comparable(sessions, result.websiteIds));

    const other = await freshDatabase('other-seed');
    const otherAccount = await createAccount(other.db, 'acme');
    await seedSessions(other.db, { accountId: otherAccount.id, sessions: 50, now: NOW, seed: 8 });
    const otherIds = await other.db.selectFrom('sessions').select('id').execute();
    expect(otherIds.some((row) => sessions.some((session) => session.id === row.id))).toBe(false);
  });

  it('adds to an account that already has visitors, reusing its websites', async () => {
    const { handle, accountId, result } = acme();
    const more = await seedSessions(handle.db, { accountId, sessions: 300, now: NOW });
    expect(more.websiteIds).toEqual(result.websiteIds);
    const count = await handle.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(SESSIONS + 300);
  });

  it('spreads over exactly the number of websites asked for', async () => {
    const { handle } = acme();
    const account = await createAccount(handle.db, 'Big Brand');
    const seeded = await seedSessions(handle.db, {
      accountId: account.id,
      sessions: 100,
      websites: 7,
      now: NOW,
      seed: 1,
    });
    expect(seeded.websiteIds).toHaveLength(7);
    const rows = await handle.db.selectFrom('websites').select('host').where('account_id', '=', account.id).execute();
    expect(new Set(rows.map((row) => row.host)).size).toBe(7);
    expect(rows.map((row) => row.host)).toContain('shop.bigbrand.com');
    const narrow = await seedSessions(handle.db, { accountId: account.id, sessions: 10, websites: 2, now: NOW });
    expect(narrow.websiteIds).toEqual(seeded.websiteIds.slice(0, 2));
  });
});
