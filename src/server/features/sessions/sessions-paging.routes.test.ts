import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';
import type { SessionsTable } from './sessions.table.ts';
import { listOrder, sessionIds, sessionListApi } from './test-support/session-list-requests.ts';

describeApi('GET /v1/sessions: order and paging', (ctx) => {
  const db = () => ctx().database.db;
  const { list, sessionsAt } = sessionListApi(ctx);

  it('pages 25 at a time from page 0 by default, with the exact total', async () => {
    const account = await ctx().newAccount();
    const { rows } = await sessionsAt(
      account,
      Array.from({ length: 30 }, (_, i) => 1_750_000_000 + i * 10),
    );
    const body = await list(account);
    expect(body.total).toBe(30);
    expect(body.page).toStrictEqual({ num: 0, size: 25 });
    expect(sessionIds(body)).toEqual(listOrder(rows).slice(0, 25));
    const second = await list(account, { page: 1 });
    expect(second.page).toStrictEqual({ num: 1, size: 25 });
    expect(sessionIds(second)).toEqual(listOrder(rows).slice(25));
  });

  it('orders newest first, ties by id descending, stably across pages of 3', async () => {
    const account = await ctx().newAccount();
    // 20 sessions over 7 distinct timestamps (ties of three), inserted in an order unrelated to the list order.
    const timestamps = Array.from({ length: 20 }, (_, i) => 1_750_000_000 + Math.floor(((i * 7) % 20) / 3) * 60);
    const { rows } = await sessionsAt(account, timestamps);
    const expected = listOrder(rows);
    expect(new Set(timestamps).size).toBeLessThan(timestamps.length);

    const all = await list(account, { size: 100 });
    expect(sessionIds(all)).toEqual(expected);

    const walked: string[] = [];
    for (let page = 0; ; page++) {
      const body = await list(account, { page, size: 3 });
      expect(body.total).toBe(20);
      expect(body.page).toStrictEqual({ num: page, size: 3 });
      if (body.sessions.length === 0) {
        expect(page).toBe(7);
        break;
      }
      expect(body.sessions.length).toBe(page === 6 ? 2 : 3);
      walked.push(...sessionIds(body));
    }
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(20);
  });

  it('returns exactly the right slice for every page and size, deep pages and the last partial page included', async () => {
    const account = await ctx().newAccount();
    const timestamps = Array.from({ length: 23 }, (_, i) => 1_750_000_000 + Math.floor(i / 2) * 30);
    const { rows } = await sessionsAt(account, timestamps);
    const expected = listOrder(rows);
    for (const size of [1, 2, 3, 4, 5, 7, 10, 11, 12, 22, 23, 24, 100]) {
      const pages = Math.ceil(expected.length / size);
      for (let page = 0; page <= pages; page++) {
        const body = await list(account, { page, size });
        expect(body.total).toBe(23);
        expect(sessionIds(body), `page ${page} of size ${size}`).toEqual(
          expected.slice(page * size, page * size + size),
        );
      }
    }
  });

  it('pages deep into a filtered list correctly', async () => {
    const account = await ctx().newAccount();
    const other = await createWebsite(db(), { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const visitor = await insertVisitor(db(), account.accountId);
    const noise = await insertVisitor(db(), account.accountId);
    const mine: SessionsTable[] = [];
    for (let i = 0; i < 17; i++) {
      const ts = 1_750_000_000 + Math.floor(i / 3) * 60;
      mine.push(await insertSession(db(), account.accountId, other.id, visitor.id, { creation_timestamp: ts }));
      // Sessions interleaved in time that the filter must skip: another visitor, and the same visitor on another website.
      await insertSession(db(), account.accountId, other.id, noise.id, { creation_timestamp: ts });
      await insertSession(db(), account.accountId, account.websiteId, visitor.id, { creation_timestamp: ts + 1 });
    }
    const expected = listOrder(mine);
    for (const size of [2, 5, 6]) {
      for (let page = 0; page <= Math.ceil(17 / size); page++) {
        const body = await list(account, { visitor_id: visitor.id, website_id: other.id, page, size });
        expect(body.total).toBe(17);
        expect(sessionIds(body), `page ${page} of size ${size}`).toEqual(
          expected.slice(page * size, page * size + size),
        );
      }
    }
  });

  it('returns an empty page with the true total past the end, up to page 10000', async () => {
    const account = await ctx().newAccount();
    await sessionsAt(account, [1_750_000_000, 1_750_000_001, 1_750_000_002]);
    for (const [page, size] of [
      [1, 3],
      [2, 2],
      [1, 25],
      [10000, 100],
    ] as const) {
      expect(await list(account, { page, size })).toStrictEqual({ total: 3, page: { num: page, size }, sessions: [] });
    }
  });
});
