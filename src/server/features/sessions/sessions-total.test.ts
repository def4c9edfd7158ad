import { expect, it } from 'vitest';
import { createWebsite } from '../websites/websites.service.ts';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';

const BASE = 1_790_000_000;

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

describeApi('GET /v1/sessions total (hourly rollup plus exact edges)', (ctx) => {
  it('equals a row-by-row count for any range, website and write history', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const visitor = await insertVisitor(db, account.accountId);
    const random = lcg(42);
    const rows: { id: string; website: string; ts: number }[] = [];
    for (let index = 0; index < 240; index += 1) {
      const website = index % 3 === 0 ? second.id : account.websiteId;
      const ts = BASE + random(6 * 86_400);
      const session = await insertSession(db, account.accountId, website, visitor.id, { creation_timestamp: ts });
      rows.push({ id: session.id, website, ts });
    }
    // Moving and deleting sessions must keep the rollup exact too.
    for (const row of rows.slice(0, 20)) {
      row.ts += 7_200 + random(3_600);
      await db.updateTable('sessions').set({ creation_timestamp: row.ts }).where('id', '=', row.id).execute();
    }
    for (const row of rows.splice(0, 15)) {
      await db.deleteFrom('sessions').where('id', '=', row.id).execute();
    }

    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    for (let probe = 0; probe < 40; probe += 1) {
      const from = probe % 5 === 0 ? null : BASE + random(6 * 86_400);
      const to = probe % 7 === 0 ? null : (from ?? BASE) + random(3 * 86_400);
      const website = probe % 2 === 0 ? undefined : second.id;
      const query = new URLSearchParams({ tz: 'UTC', ...(website ? { website_id: website } : {}) });
      if (from !== null) query.set('date_from', iso(from));
      if (to !== null) query.set('date_to', iso(to));
      const expected = rows.filter(
        (row) =>
          (website === undefined || row.website === website) &&
          (from === null || row.ts >= from) &&
          (to === null || row.ts < to),
      ).length;
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query.toString()}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ total: number }>().total, query.toString()).toBe(expected);
    }
  });
});
