import { expect, it } from 'vitest';
import { createWebsite } from '../websites/websites.service.ts';
import { type Db, isPostgres } from '../../db/database.ts';
import { describeApi } from '../../test/harness.ts';
import type { SessionFilter } from './session-filter.ts';
import { countByIndexIntersection, countVisitedUrlByIntersection } from './session-index-intersection.ts';
import { matchingValues } from './session-text-values.ts';
import { countSessions } from './sessions.repository.ts';
import {
  FINDING_BASE,
  type FindingRow,
  type RowCondition,
  identified,
  lcg,
  seedFindingSessions,
  visited,
} from './session-finding-fixtures.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type Row = FindingRow;

/** Gives every `every`-th session `count` error logs, in the database and in `rows`. */
async function addErrors(db: Db, rows: Row[], every: number, count: number): Promise<void> {
  for (const row of rows.filter((_, index) => index % every === 0)) {
    row.error_logs = count;
    await db.updateTable('sessions').set({ error_logs: count }).where('id', '=', row.id).execute();
  }
}

/** Conditions an index holds (each a seek), beside the website and visitor ones added per account. */
const INDEXED: RowCondition[] = [
  ['device=mobile', (row) => row.device === 'mobile'],
  ['device=desktop', (row) => row.device === 'desktop'],
  ['browser=Firefox', (row) => row.browser_name === 'Firefox'],
  ['os=iOS', (row) => row.os_name === 'iOS'],
  ['country=gb', (row) => row.country_code === 'GB'],
  ['utm_source=newsletter', (row) => row.utm_source === 'newsletter'],
  ['utm_medium=cpc', (row) => row.utm_medium === 'cpc'],
  ['utm_campaign=winter', (row) => row.utm_campaign === 'winter'],
  ['has_errors=true', (row) => row.error_logs > 0],
  ['has_rage_clicks=true', (row) => row.rage_clicks > 0],
  ['has_error_clicks=true', (row) => row.error_clicks > 0],
  ['seen=false', (row) => row.seen === 0],
];

/** Conditions read from the row (or the session's URLs) once the indexed ones have narrowed. */
const READ: RowCondition[] = [
  ['duration_min=120', (row) => row.duration >= 120],
  ['engagement_max=40', (row) => row.engagement_score <= 40],
  ['has_errors=false', (row) => row.error_logs === 0],
  ['seen=true', (row) => row.seen !== 0],
  ['start_url=checkout', (row) => row.start_url.toLowerCase().includes('checkout')],
  ['identified=true', identified],
  ['url=thanks', (row) => visited(row, 'thanks')],
  ['url=products', (row) => visited(row, 'products')],
  ['url=50%25-off', (row) => visited(row, '50%-off')],
];

describeApi('GET /v1/sessions totals of several filters together (indexes intersected)', (ctx) => {
  it('equal a row-by-row count for any two to four filters, with or without a date range', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 200);
    // Sessions change after they are recorded: the indexes must follow.
    for (const [index, row] of rows.slice(0, 30).entries()) {
      const change = [{ error_logs: row.error_logs > 0 ? 0 : 4 }, { seen: 1 - row.seen }, { device: 'mobile' }][
        index % 3
      ] as Partial<Row>;
      Object.assign(row, change);
      await db.updateTable('sessions').set(change).where('id', '=', row.id).execute();
    }
    const [first] = rows;
    if (!first) throw new Error('The fixture has sessions');
    const indexed: RowCondition[] = [
      ...INDEXED,
      [`website_id=${second.id}`, (row) => row.website_id === second.id],
      [`visitor_id=${first.visitor.id}`, (row) => row.visitor.id === first.visitor.id],
    ];

    const random = lcg(23);
    let nonZero = 0;
    const pick = <T>(values: readonly T[]): T => values[random(values.length)] as T;
    for (let probe = 0; probe < 60; probe += 1) {
      const chosen = new Map<string, RowCondition>();
      // Two or three indexed conditions (distinct fields), and sometimes one read from the row.
      while (chosen.size < 2 + (probe % 2)) {
        const condition = pick(indexed);
        chosen.set(condition[0].split('=')[0] ?? '', condition);
      }
      if (probe % 3 !== 0) {
        const condition = pick(READ);
        chosen.set(condition[0].split('=')[0] ?? '', condition);
      }
      const conditions = [...chosen.values()];
      const query = new URLSearchParams(`${conditions.map(([text]) => text).join('&')}&tz=UTC`);
      const from = probe % 4 === 0 ? null : FINDING_BASE + random(2 * 86_400);
      const to = probe % 5 === 0 ? null : (from ?? FINDING_BASE) + 3_600 + random(2 * 86_400);
      if (from !== null) query.set('date_from', iso(from));
      if (to !== null) query.set('date_to', iso(to));
      const expected = rows.filter(
        (row) =>
          conditions.every(([, matches]) => matches(row)) &&
          (from === null || row.creation_timestamp >= from) &&
          (to === null || row.creation_timestamp < to),
      ).length;
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query.toString()}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ total: number }>().total, query.toString()).toBe(expected);
      if (expected > 0) nonZero += 1;
    }
    expect(nonZero).toBeGreaterThan(20);
  });

  it('counts two indexed filters by intersecting their indexes on SQLite', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 60);
    await addErrors(db, rows, 2, 2);
    const device = 'mobile';
    const filter = { accountId: account.accountId, device, hasErrors: true, from: FINDING_BASE + 3_600 };
    const expected = rows.filter(
      (row) => row.device === device && row.error_logs > 0 && row.creation_timestamp >= filter.from,
    ).length;
    expect(expected).toBeGreaterThan(0);
    const counted = await countByIndexIntersection(db, filter);
    // PostgreSQL keeps its own plan (a bitmap scan of the narrowest index): one plain query there.
    expect(counted).toBe(isPostgres(db) ? null : expected);
    expect(await countSessions(db, filter)).toBe(expected);
  });

  it('counts a page URL with indexed filters the same whether it seeks each session or reads the URL index', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const second = await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const rows = await seedFindingSessions(db, account, second.id, 120);
    await addErrors(db, rows, 3, 1);
    const cases: [Partial<SessionFilter>, (row: Row) => boolean][] = [
      [{ url: 'products', device: 'mobile' }, (row) => visited(row, 'products') && row.device === 'mobile'],
      [{ url: 'thanks', hasErrors: true }, (row) => visited(row, 'thanks') && row.error_logs > 0],
      [
        { url: 'shop', device: 'desktop', websiteId: second.id, from: FINDING_BASE + 7_200 },
        (row) =>
          visited(row, 'shop') &&
          row.device === 'desktop' &&
          row.website_id === second.id &&
          row.creation_timestamp >= FINDING_BASE + 7_200,
      ],
      [
        { url: 'cart', browser: 'Firefox', durationMin: 120 },
        (row) => visited(row, 'cart') && row.browser_name === 'Firefox' && row.duration >= 120,
      ],
      [{ url: 'nowhere', device: 'mobile' }, () => false],
    ];
    for (const [fields, matches] of cases) {
      const filter = { accountId: account.accountId, ...fields } as SessionFilter;
      const urls = await matchingValues(db, account.accountId, 'url', filter.url ?? '');
      const expected = rows.filter(matches).length;
      const label = JSON.stringify(fields);
      if (isPostgres(db)) {
        expect(await countVisitedUrlByIntersection(db, filter, urls, 0), label).toBeNull();
      } else if (urls.length > 0) {
        expect(await countVisitedUrlByIntersection(db, filter, urls, 0), `${label} URL index`).toBe(expected);
        expect(await countVisitedUrlByIntersection(db, filter, urls, Infinity), `${label} seeks`).toBe(expected);
      }
      expect(await countSessions(db, filter), label).toBe(expected);
    }
  });
});
