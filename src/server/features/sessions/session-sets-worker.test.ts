import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { FINDING_BASE, seedFindingSessions } from './session-finding-fixtures.ts';
import { startSessionSetsWorker } from './session-sets-worker.ts';

describeApi('the session sets worker', (ctx) => {
  it('seals every past hour and day in runs of a few hours, then finds nothing left', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    await seedFindingSessions(db, account, second.id, 60);
    const logged: unknown[] = [];
    const worker = startSessionSetsWorker({
      db,
      log: { info: (entry: unknown) => logged.push(entry), error: (entry: unknown) => logged.push(entry) },
      now: () => (FINDING_BASE + 10 * 86_400) * 1000,
      hoursPerRun: 7,
      pauseMs: 0,
      intervalMs: 3_600_000,
    });
    // The run it starts with writes everything, seven hours or days at a time; then nothing is left.
    await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 20_000 });
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    const { rows } = await sql<{ hours: number | string; days: number | string; until: number | string }>`
      select (select count(*) from session_set_hours where account_id = ${account.accountId}) as hours,
             (select count(*) from session_set_days where account_id = ${account.accountId}) as days,
             (select sealed_until from session_set_marks where account_id = ${account.accountId}) as until`.execute(db);
    const { hours: sealedHours, days, until } = rows[0] ?? { hours: 0, days: 0, until: 0 };
    const { rows: withSessions } = await sql<{ n: number | string }>`
      select count(distinct (creation_timestamp / 3600)) as n from sessions where account_id = ${account.accountId}`.execute(
      db,
    );
    expect(Number(sealedHours)).toBe(Number(withSessions[0]?.n));
    expect(Number(days)).toBe(4);
    expect(Number(until)).toBeGreaterThan(FINDING_BASE + 3 * 86_400);
    expect(logged).toEqual([{ hours: Number(sealedHours) + 4 }]);
  });
});
