import { beforeAll, expect, it, vi } from 'vitest';
import { ShapedStatements } from '../../db/shaped-statements.ts';
import type { SessionListResource } from '../../../api/schemas/sessions.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { fixtureId, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { lcg } from './session-finding-fixtures.ts';
import { SEEK_FROM_OFFSET, countAndPlaceOffset } from './session-seek.ts';
import type { SessionsTable } from './sessions.table.ts';

const BASE = 1_790_000_000;
const COUNT = 2600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describeApi('GET /v1/sessions deep pages placed through the hourly rollup', (ctx) => {
  let account: TestAccount;
  let otherWebsiteId: string;
  const rows: SessionsTable[] = [];

  beforeAll(async () => {
    account = await ctx().newAccount();
    const db = ctx().database.db;
    otherWebsiteId = (await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' }))
      .id;
    const visitor = await insertVisitor(db, account.accountId);
    const template = await insertSession(db, account.accountId, account.websiteId, visitor.id, {
      creation_timestamp: BASE,
    });
    rows.push(template);
    const random = lcg(3);
    const batch: SessionsTable[] = [];
    for (let index = 1; index < COUNT; index += 1) {
      // Whole seconds repeat, so ties by id matter at hour edges too.
      const ts = BASE + Math.floor(random(80_000) / 1000) * 900 + random(4) * 7;
      batch.push({
        ...template,
        id: fixtureId('s'),
        creation_timestamp: ts,
        website_id: index % 3 === 0 ? otherWebsiteId : account.websiteId,
        device: index % 2 === 0 ? 'mobile' : 'desktop',
        error_logs: index % 5 === 0 ? 2 : 0,
        start_url: `https://shop.example.com/${['Pricing', 'pricing?plan=pro', 'docs', 'blog'][index % 4]}`,
      });
    }
    for (let start = 0; start < batch.length; start += 200) {
      await db
        .insertInto('sessions')
        .values(batch.slice(start, start + 200))
        .execute();
    }
    rows.push(...batch);
  });

  interface Case {
    from?: number;
    to?: number;
    website?: string;
    ascending?: boolean;
    device?: string;
    hasErrors?: boolean;
    startUrl?: string;
  }

  function expected(query: Case) {
    const sign = query.ascending ? 1 : -1;
    return rows
      .filter(
        (row) =>
          (query.website === undefined || row.website_id === query.website) &&
          (query.device === undefined || row.device === query.device) &&
          (query.hasErrors === undefined || row.error_logs > 0 === query.hasErrors) &&
          (query.startUrl === undefined || row.start_url.toLowerCase().includes(query.startUrl)) &&
          (query.from === undefined || row.creation_timestamp >= query.from) &&
          (query.to === undefined || row.creation_timestamp < query.to),
      )
      .sort((a, b) => sign * (a.creation_timestamp - b.creation_timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .map((row) => row.id);
  }

  it('returns exactly the right rows on every deep page, in both directions, with partial hours at both edges, also under one property, signal or start URL', async () => {
    const cases: Case[] = [
      {},
      { ascending: true },
      { from: BASE + 1234, to: BASE + 35 * 1800 + 77 },
      { from: BASE + 1234, to: BASE + 35 * 1800 + 77, ascending: true },
      { from: BASE + 3600, website: account.websiteId },
      { to: BASE + 38 * 1800 + 5, website: account.websiteId, ascending: true },
      { device: 'mobile', from: BASE + 1234 },
      { device: 'desktop', ascending: true, to: BASE + 35 * 1800 + 77 },
      { hasErrors: false, from: BASE + 1234, to: BASE + 35 * 1800 + 77 },
      { hasErrors: false, ascending: true, website: account.websiteId },
      // A contains-filter: the start URLs holding "pricing" are summed value by value.
      { startUrl: 'pricing', from: BASE + 1234 },
      { startUrl: 'pricing', ascending: true, website: account.websiteId },
    ];
    for (const query of cases) {
      const ids = expected(query);
      const params = new URLSearchParams({ tz: 'UTC', size: '100', ...(query.ascending ? { sort: 'start' } : {}) });
      if (query.from !== undefined) params.set('date_from', iso(query.from));
      if (query.to !== undefined) params.set('date_to', iso(query.to));
      if (query.website !== undefined) params.set('website_id', query.website);
      if (query.device !== undefined) params.set('device', query.device);
      if (query.hasErrors !== undefined) params.set('has_errors', String(query.hasErrors));
      if (query.startUrl !== undefined) params.set('start_url', query.startUrl);
      // Every deep page, and one wholly past the end: empty, with the same total.
      for (let page = SEEK_FROM_OFFSET / 100; page * 100 < ids.length + 200; page += 1) {
        params.set('page', String(page));
        const response = await ctx().request(account.token, {
          method: 'GET',
          url: `/v1/sessions?${params.toString()}`,
        });
        const body = response.json<SessionListResource>();
        expect(body.total).toBe(ids.length);
        expect(
          body.sessions.map((session) => session.id),
          `${params.toString()}`,
        ).toEqual(ids.slice(page * 100, page * 100 + 100));
      }
    }
  });

  it('reads a row past the middle of a large hour from its far edge, with pages that run into the next hour', async () => {
    // Four whole hours larger than two pages, so rows in either half of an hour, and pages that cross
    // from one hour into the next, are all read.
    const own = await ctx().newAccount();
    const db = ctx().database.db;
    const visitor = await insertVisitor(db, own.accountId);
    const template = await insertSession(db, own.accountId, own.websiteId, visitor.id, { creation_timestamp: BASE });
    const random = lcg(11);
    const batch: SessionsTable[] = [];
    [599, 450, 800, 350].forEach((size, hour) => {
      for (let index = 0; index < size; index += 1)
        batch.push({ ...template, id: fixtureId('s'), creation_timestamp: BASE + hour * 3600 + random(600) * 6 });
    });
    for (let start = 0; start < batch.length; start += 200)
      await db
        .insertInto('sessions')
        .values(batch.slice(start, start + 200))
        .execute();
    const all = [template, ...batch];
    for (const ascending of [false, true]) {
      const sign = ascending ? 1 : -1;
      const ids = [...all]
        .sort(
          (a, b) => sign * (a.creation_timestamp - b.creation_timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
        )
        .map((row) => row.id);
      for (const size of [100, 37]) {
        for (let page = Math.ceil(SEEK_FROM_OFFSET / size); page * size < ids.length; page += 1) {
          const params = new URLSearchParams({ size: String(size), page: String(page) });
          if (ascending) params.set('sort', 'start');
          const response = await ctx().request(own.token, { method: 'GET', url: `/v1/sessions?${params.toString()}` });
          const body = response.json<SessionListResource>();
          expect(body.total).toBe(ids.length);
          expect(
            body.sessions.map((session) => session.id),
            params.toString(),
          ).toEqual(ids.slice(page * size, page * size + size));
        }
      }
    }
  });

  it("takes a deep page's total from the days that place it, without summing them again", async () => {
    const shapedReads = vi.spyOn(ShapedStatements.prototype, 'read');
    try {
      for (const query of ['page=12&size=100', 'page=20&size=50&sort=start']) {
        shapedReads.mockClear();
        const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query}` });
        expect(response.json<SessionListResource>().total).toBe(rows.length);
        const shapes = shapedReads.mock.calls.map((call) => String(call[1]));
        // The near page's total is its own read; a deep page's comes with its place.
        expect(
          shapes.filter((shape) => shape.startsWith('total')),
          query,
        ).toEqual([]);
      }
      shapedReads.mockClear();
      await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?page=0&size=100' });
      expect(
        shapedReads.mock.calls.map((call) => String(call[1])).filter((shape) => shape.startsWith('total')),
      ).toHaveLength(1);
    } finally {
      shapedReads.mockRestore();
    }
  });

  it('skips only inside the hour that holds the row, and counts the total from the same days', async () => {
    const db = ctx().database.db;
    const withoutErrors = rows.filter((row) => row.error_logs === 0);
    const cases = [
      { filter: { accountId: account.accountId }, matching: rows },
      { filter: { accountId: account.accountId, hasErrors: false }, matching: withoutErrors },
    ];
    for (const { filter, matching } of cases) {
      for (const offset of [SEEK_FROM_OFFSET, 1500, matching.length - 1]) {
        for (const descending of [true, false]) {
          const counted = await countAndPlaceOffset(db, filter, offset, descending);
          if (!counted) throw new Error('The hourly rollups count this filter');
          expect(counted.total).toBe(matching.length);
          const { placed } = counted;
          const hourStart = descending ? (placed.filter.to ?? 0) - 3600 : (placed.filter.from ?? 0);
          const inHour = matching.filter(
            (row) => row.creation_timestamp >= hourStart && row.creation_timestamp < hourStart + 3600,
          ).length;
          expect(placed.offset).toBeLessThan(inHour);
          expect(inHour).toBeLessThan(COUNT / 5);
        }
      }
    }
  });
});
