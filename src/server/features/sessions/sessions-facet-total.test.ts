import { expect, it } from 'vitest';
import { createWebsite } from '../websites/websites.service.ts';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import {
  FINDING_BASE,
  type FindingRow,
  identified,
  insertPageView,
  lcg,
  seedFindingSessions,
  visited,
} from './session-finding-fixtures.ts';
import type { SessionsTable, VisitorsTable } from './sessions.table.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type Row = FindingRow;

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
const tagged = (row: Row, tag: string) => (JSON.parse(row.tags) as string[]).some((one) => one.toLowerCase() === tag);
const hasParam = (row: Row, name: string, value: string) =>
  (JSON.parse(row.visitor.params) as { name: string; value: string }[]).some(
    (param) => param.name === name && param.value === value,
  );

/** Each filter the facet rollup counts, with the same test on a row. */
const FILTERS: [query: string, matches: (row: Row) => boolean][] = [
  ['identified=true', identified],
  ['identified=false', (row) => !identified(row)],
  ['device=mobile', (row) => row.device === 'mobile'],
  ['browser=Firefox', (row) => row.browser_name === 'Firefox'],
  ['os=iOS', (row) => row.os_name === 'iOS'],
  ['country=gb', (row) => row.country_code === 'GB'],
  ['utm_source=newsletter', (row) => row.utm_source === 'newsletter'],
  ['utm_medium=cpc', (row) => row.utm_medium === 'cpc'],
  ['utm_campaign=winter', (row) => row.utm_campaign === 'winter'],
  ['has_errors=true', (row) => row.error_logs > 0],
  ['has_errors=false', (row) => row.error_logs === 0],
  ['has_rage_clicks=true', (row) => row.rage_clicks > 0],
  ['has_rage_clicks=false', (row) => row.rage_clicks === 0],
  ['has_error_clicks=true', (row) => row.error_clicks > 0],
  ['seen=true', (row) => row.seen !== 0],
  ['seen=false', (row) => row.seen === 0],
  ['duration_min=600', (row) => row.duration >= 600],
  ['duration_max=30', (row) => row.duration <= 30],
  ['duration_min=25&duration_max=700', (row) => row.duration >= 25 && row.duration <= 700],
  ['engagement_min=40', (row) => row.engagement_score >= 40],
  ['engagement_min=12.5&engagement_max=77.3', (row) => row.engagement_score >= 12.5 && row.engagement_score <= 77.3],
  ['engagement_max=0', (row) => row.engagement_score <= 0],
  ['start_url=checkout', (row) => contains(row.start_url, 'checkout')],
  ['start_url=A_B', (row) => contains(row.start_url, 'a_b')],
  ['start_url=shop.example.com%2F', (row) => contains(row.start_url, 'shop.example.com/')],
  ['referrer=google', (row) => contains(row.referrer, 'google')],
  ['referrer=o', (row) => contains(row.referrer, 'o')],
  ['tag=VIP', (row) => tagged(row, 'vip')],
  ['tag=returning', (row) => tagged(row, 'returning')],
  ['visitor_param=plan%3Dpro', (row) => hasParam(row, 'plan', 'pro')],
  ['visitor_param=team%3Da%3Db', (row) => hasParam(row, 'team', 'a=b')],
  ['visitor_param=plan%3Dfree', (row) => hasParam(row, 'plan', 'free')],
  ['url=checkout', (row) => visited(row, 'checkout')],
  ['url=shoes', (row) => visited(row, 'shoes')],
  ['url=50%25-off', (row) => visited(row, '50%-off')],
  ['url=thanks', (row) => visited(row, 'thanks')],
  ['url=shop', (row) => visited(row, 'shop')],
  ['url=cart&device=mobile', (row) => visited(row, 'cart') && row.device === 'mobile'],
  [
    'url=products&has_errors=true&tag=returning',
    (row) => visited(row, 'products') && row.error_logs > 0 && tagged(row, 'returning'),
  ],
];

describeApi('GET /v1/sessions totals of one property, signal or range (facet rollup plus exact edges)', (ctx) => {
  it('equal a row-by-row count for any range, website and write history', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows: Row[] = await seedFindingSessions(db, account, second.id, 160);
    const random = lcg(11);

    // Sessions change after they are recorded: errors arrive, someone opens them, they last longer, they
    // move between hours and websites, properties are corrected, and some are deleted.
    for (const [index, row] of rows.slice(0, 60).entries()) {
      const change: Partial<SessionsTable> = [
        { error_logs: row.error_logs > 0 ? 0 : 2 },
        { seen: row.seen === 0 ? 1 : 0 },
        { rage_clicks: row.rage_clicks + 1, error_clicks: 0 },
        { device: row.device === 'mobile' ? 'desktop' : 'mobile', utm_source: '' },
        { creation_timestamp: row.creation_timestamp + 7_200 + random(3_600) },
        { website_id: row.website_id === second.id ? account.websiteId : second.id, country_code: 'GB' },
        { duration: row.duration + 590 },
        { engagement_score: row.engagement_score > 50 ? 10 : 80 },
        { start_url: 'https://shop.example.com/checkout/pay', referrer: 'https://www.google.com/' },
        { end_url: row.start_url },
        { tags: JSON.stringify(['Vip', 'vip', 'returning']) },
        { start_url: 'https://shop.example.com/', end_url: 'https://shop.example.com/', referrer: '', tags: '[]' },
      ][index % 12] as Partial<SessionsTable>;
      Object.assign(row, change);
      await db.updateTable('sessions').set(change).where('id', '=', row.id).execute();
    }
    for (const row of rows.splice(60, 12)) await db.deleteFrom('sessions').where('id', '=', row.id).execute();

    // Page views arrive for some sessions, and others lose theirs (as retention deletes old events).
    for (const [index, row] of rows.slice(90, 130).entries()) {
      if (index % 2 === 0) {
        const url = ['https://shop.example.com/products/SHOES', 'https://shop.example.com/checkout'][
          index % 4 === 0 ? 0 : 1
        ];
        await insertPageView(db, account.accountId, row, 50, { url: url as string });
        row.pageUrls.push(url as string);
      } else if (row.pageUrls.length > 0) {
        await db.deleteFrom('session_events').where('session_id', '=', row.id).execute();
        row.pageUrls = [];
      }
    }

    // Visitors identify themselves, or lose their name, and sessions move to another visitor.
    const visitors = [...new Map(rows.map((row) => [row.visitor.id, row.visitor])).values()];
    const anonymous = visitors.find((visitor) => !identified({ visitor } as Row));
    const named = visitors.find((visitor) => visitor.name && !visitor.email);
    if (!anonymous || !named) throw new Error('The fixture has an anonymous and a named visitor');
    const changes: [VisitorsTable, Partial<VisitorsTable>][] = [
      [anonymous, { email: 'new@example.com', email_lower: 'new@example.com' }],
      [
        named,
        {
          name: '',
          params: JSON.stringify([
            { name: 'plan', value: 'pro' },
            { name: 'plan', value: 'pro' },
          ]),
        },
      ],
    ];
    for (const [visitor, change] of changes) {
      Object.assign(visitor, change);
      await db.updateTable('visitors').set(change).where('id', '=', visitor.id).execute();
    }
    for (const row of rows.slice(72, 90)) {
      row.visitor = row.visitor === named ? anonymous : named;
      await db.updateTable('sessions').set({ visitor_id: row.visitor.id }).where('id', '=', row.id).execute();
    }

    for (const [filter, matches] of FILTERS) {
      for (let probe = 0; probe < 5; probe += 1) {
        const from = probe === 0 ? null : FINDING_BASE + random(3 * 86_400);
        const to = probe === 1 ? null : (from ?? FINDING_BASE) + 1 + random(2 * 86_400);
        const website = probe % 2 === 0 ? undefined : second.id;
        const query = new URLSearchParams(`${filter}&tz=UTC`);
        if (website) query.set('website_id', website);
        if (from !== null) query.set('date_from', iso(from));
        if (to !== null) query.set('date_to', iso(to));
        const expected = rows.filter(
          (row) =>
            matches(row) &&
            (website === undefined || row.website_id === website) &&
            (from === null || row.creation_timestamp >= from) &&
            (to === null || row.creation_timestamp < to),
        ).length;
        const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query.toString()}` });
        expect(response.statusCode).toBe(200);
        expect(response.json<{ total: number }>().total, query.toString()).toBe(expected);
      }
    }
  });

  it('stays exact while many transactions record and change sessions of the same hour at once', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const visitor = await insertVisitor(db, account.accountId);
    const hour = FINDING_BASE - (FINDING_BASE % 3600);
    const existing = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        insertSession(db, account.accountId, account.websiteId, visitor.id, {
          creation_timestamp: hour + index,
          device: index % 2 === 0 ? 'mobile' : 'desktop',
        }),
      ),
    );
    // Each transaction, as an ingest does, records a new session and changes an existing one; with
    // several rollup rows written per transaction, in different orders, PostgreSQL must not deadlock.
    const devices = ['mobile', 'desktop', 'tablet'];
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        db.transaction().execute(async (trx) => {
          await insertSession(trx, account.accountId, account.websiteId, visitor.id, {
            creation_timestamp: hour + 100 + index,
            device: devices[index % 3],
            error_logs: index % 2,
          });
          const changed = existing[(index * 5) % existing.length];
          await trx
            .updateTable('sessions')
            .set({ device: devices[(index + 1) % 3], error_logs: index % 3, duration: 600 + index })
            .where('id', '=', changed?.id ?? '')
            .execute();
        }),
      ),
    );
    const rows = await db.selectFrom('sessions').selectAll().where('account_id', '=', account.accountId).execute();
    expect(rows).toHaveLength(52);
    for (const [filter, matches] of [
      ['device=mobile', (row: SessionsTable) => row.device === 'mobile'],
      ['device=tablet', (row: SessionsTable) => row.device === 'tablet'],
      ['has_errors=true', (row: SessionsTable) => row.error_logs > 0],
      ['duration_min=600', (row: SessionsTable) => row.duration >= 600],
    ] as const) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${filter}` });
      expect(response.json<{ total: number }>().total, filter).toBe(rows.filter(matches).length);
    }
  });
});
