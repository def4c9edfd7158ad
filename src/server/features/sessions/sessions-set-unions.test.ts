import { afterEach, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { FINDING_BASE, type RowCondition, lcg, seedFindingSessions } from './session-finding-fixtures.ts';
import { UNION_CACHE_BYTES, setUnionCacheBytes } from './session-set-unions.ts';
import { SET_CONDITIONS, URLS, analyze, expectTotals, sealAllAt, totalOf } from './test-support/set-totals.ts';

const HOUR = 3_600;
const DAY = 86_400;

describeApi('GET /v1/sessions totals with the united sets kept in memory', (ctx) => {
  afterEach(() => setUnionCacheBytes(UNION_CACHE_BYTES));

  // Each probe asked twice, so the second finds some of its unions kept and others dropped.
  const probeTwice = async (size: number) => {
    setUnionCacheBytes(size);
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 200);
    expect(await sealAllAt(db, FINDING_BASE + 2 * DAY + 12 * HOUR)).toBeGreaterThan(0);
    await analyze(db);
    const random = lcg(47);
    let nonZero = 0;
    for (let probe = 0; probe < 24; probe += 1) {
      const conditions = [
        URLS[random(URLS.length)] as RowCondition,
        SET_CONDITIONS[random(SET_CONDITIONS.length - 1)] as RowCondition,
      ];
      const range = { from: FINDING_BASE - HOUR + random(DAY), to: null };
      for (let asked = 0; asked < 2; asked += 1) {
        if ((await expectTotals(totalOf(ctx, account.token), rows, conditions, range)) > 0) nonZero += 1;
      }
    }
    expect(nonZero).toBeGreaterThan(10);
  };

  it('stay exact when a count needs more unions than the memory holds', async () => {
    // Room for three of this fixture's unions (about 110 bytes each), where a count of two conditions over
    // its days and hours unites six to eight: keeping a count's own unions pushes out others it holds.
    await probeTwice(400);
  });

  it('stay exact with none kept', async () => {
    await probeTwice(0);
  });
});
