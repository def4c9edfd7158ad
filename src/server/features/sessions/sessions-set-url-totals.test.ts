import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';
import type { SessionFilter } from './session-filter.ts';
import {
  FINDING_BASE,
  type FindingRow,
  type RowCondition,
  insertPageView,
  lcg,
  seedFindingSessions,
  visited,
} from './session-finding-fixtures.ts';
import { countBySets } from './session-set-count.ts';
import { countExactly } from './sessions.repository.ts';
import { analyze, countRows, expectTotals, sealAllAt, totalOf } from './test-support/set-totals.ts';

const HOUR = 3_600;
const DAY = 86_400;

describeApi("GET /v1/sessions totals of URL texts that match most URLs, from the sealed hours' sets", (ctx) => {
  it('count a page URL text that matches every URL, or more than are listed, from the fewer of its URLs and the rest', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const seeded = await seedFindingSessions(db, account, second.id, 120);
    // Sessions with no URL at all: no start or end URL and no page view.
    const visitor = await insertVisitor(db, account.accountId);
    const random = lcg(11);
    const bare: FindingRow[] = [];
    for (let index = 0; index < 14; index += 1) {
      const row = await insertSession(db, account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: FINDING_BASE + random(3 * DAY),
        device: index % 2 === 0 ? 'mobile' : 'desktop',
        start_url: '',
        end_url: '',
      });
      bare.push({ ...row, visitor, pageUrls: [] });
    }
    // Sessions on another site only, and sessions on both: a text about the shop matches the second kind.
    const elsewhere: FindingRow[] = [];
    for (let index = 0; index < 16; index += 1) {
      const row = await insertSession(db, account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: FINDING_BASE + random(3 * DAY),
        device: index % 2 === 0 ? 'mobile' : 'desktop',
        start_url: `https://blog.other.org/post-${index % 3}`,
        end_url: index % 4 === 0 ? 'https://shop.example.com/cart' : 'https://blog.other.org/about',
      });
      const pageUrls = index % 5 === 0 ? [`https://shop.example.com/from-blog-${index}`] : [];
      for (const url of pageUrls) await insertPageView(db, account.accountId, row, 500, { url });
      elsewhere.push({ ...row, visitor, pageUrls });
    }
    // More URLs on each site than a filter lists value by value: a text about either site matches more
    // than that, and the fewer of its matches and the rest are united.
    const many = [
      ...Array.from({ length: 2_100 }, (_, index) => `https://shop.example.com/archive/${index}`),
      ...Array.from({ length: 2_200 }, (_, index) => `https://blog.other.org/tag/${index}`),
    ];
    for (let start = 0; start < many.length; start += 500) {
      await db
        .insertInto('session_text_values')
        .values(many.slice(start, start + 500).map((value) => ({ account_id: account.accountId, facet: 'url', value })))
        .execute();
    }
    const now = FINDING_BASE + 2 * DAY + 12 * HOUR;
    await sealAllAt(db, now);
    await analyze(db);
    expect(
      await countRows(db, 'session_sets', sql`account_id = ${account.accountId} and facet = 'no_url'`),
    ).toBeGreaterThan(0);

    // The sets count the sealed part, and only the rest of the range is counted by its rows.
    const filter: SessionFilter = { accountId: account.accountId, url: 'SHOP.example', device: 'mobile' };
    let rowsCounted = 0;
    const counted = await countBySets(db, filter, async (part) => {
      rowsCounted += 1;
      return countExactly(db, part);
    });
    expect(counted).toBe(await countExactly(db, filter));
    expect(rowsCounted).toBe(1);

    const rows = [...seeded, ...bare, ...elsewhere];
    const anyUrl: RowCondition[] = [
      ['url=HTTPS%3A%2F%2F', (row) => visited(row, 'https://')],
      ['url=example.com', (row) => visited(row, 'example.com')],
      ['url=Shop.Example', (row) => visited(row, 'shop.example')],
      ['url=other.org', (row) => visited(row, 'other.org')],
    ];
    const others: RowCondition[] = [
      ['device=mobile', (row) => row.device === 'mobile'],
      ['has_errors=false', (row) => row.error_logs === 0],
      [`website_id=${account.websiteId}`, (row) => row.website_id === account.websiteId],
    ];
    const ranges = [
      { from: null, to: null },
      { from: FINDING_BASE + DAY, to: null },
      { from: FINDING_BASE - HOUR, to: FINDING_BASE + 2 * DAY + 7 * HOUR + 1_234 },
    ];
    const request = totalOf(ctx, account.token);
    for (const url of anyUrl) {
      for (const range of ranges) {
        expect(await expectTotals(request, rows, [url], range)).toBeLessThan(rows.length);
        for (const other of others) await expectTotals(request, rows, [url, other], range);
      }
    }

    // A URL-less session that visits a page afterwards is counted once its hour is read from the rows.
    const late = bare[0] as FindingRow;
    await insertPageView(db, account.accountId, late, 1_000, { url: 'https://shop.example.com/late' });
    late.pageUrls = ['https://shop.example.com/late'];
    for (const range of ranges) await expectTotals(request, rows, [anyUrl[0] as RowCondition], range);
    await sealAllAt(db, now);
    for (const range of ranges) await expectTotals(request, rows, [anyUrl[0] as RowCondition], range);

    // Asked for by several at once, the total is counted for all of them, each getting it whole.
    const expected = rows.filter((row) => visited(row, 'other.org') && row.device === 'mobile').length;
    const together = await Promise.all(Array.from({ length: 6 }, () => request('url=other.org&device=mobile')));
    expect(together).toEqual(Array.from({ length: 6 }, () => expected));
  });
});
