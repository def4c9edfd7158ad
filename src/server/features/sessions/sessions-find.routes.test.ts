import { beforeAll, expect, it } from 'vitest';
import type { SessionListResource } from '../../../api/schemas/sessions.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { FINDING_BASE, type FindingRow, lcg, seedFindingSessions } from './session-finding-fixtures.ts';
import { expectedIds, SORT_KEYS } from './session-finding-model.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** One value per added filter, each matching some sessions of the fixture and not others. */
function filterExamples(otherWebsiteId: string): Record<string, string>[] {
  return [
    { device: 'mobile' },
    { browser: 'Firefox' },
    { os: 'iOS' },
    { country: 'fr' },
    { website_id: otherWebsiteId },
    { duration_min: '120' },
    { duration_max: '30' },
    { duration_min: '30', duration_max: '600' },
    { engagement_min: '40' },
    { engagement_min: '12.5', engagement_max: '77.3' },
    // Below what single precision holds: PostgreSQL compares scores as `real`.
    { engagement_max: '1e-300' },
    // Just past a score kept (scores are tenths): single precision must not round the bound onto it.
    { engagement_min: '1e-300' },
    { engagement_min: '40.0000001' },
    { engagement_max: '77.2999999' },
    { engagement_min: '12.5000001', engagement_max: '12.5999999' },
    { has_errors: 'true' },
    { has_errors: 'false' },
    { has_rage_clicks: 'true' },
    { has_rage_clicks: 'false' },
    { has_error_clicks: 'true' },
    { has_error_clicks: 'false' },
    { identified: 'true' },
    { identified: 'false' },
    { seen: 'true' },
    { seen: 'false' },
    { url: 'products/SHOES' },
    { url: '50%' },
    { url: 'under_score' },
    { url: 'checkout' },
    { start_url: 'a_b' },
    { referrer: 'google' },
    { utm_source: 'newsletter' },
    { utm_medium: 'cpc' },
    { utm_campaign: 'summer-sale' },
    { tag: 'vip' },
    { tag: 'returning' },
    { visitor_param: 'plan=pro' },
    { visitor_param: 'team=a=b' },
    { visitor_param: 'plan=' },
    { visitor_param: 'motto=say "hi" \\ 🙂' },
    { visitor_param: 'motto=say' },
  ];
}

describeApi('GET /v1/sessions sorted and filtered', (ctx) => {
  let account: TestAccount;
  let otherWebsiteId: string;
  let rows: FindingRow[];

  beforeAll(async () => {
    account = await ctx().newAccount();
    const db = ctx().database.db;
    otherWebsiteId = (await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' }))
      .id;
    rows = await seedFindingSessions(db, account, otherWebsiteId);
  });

  async function list(query: Record<string, string>) {
    const response = await ctx().request(account.token, {
      method: 'GET',
      url: `/v1/sessions?${new URLSearchParams(query).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionListResource>();
  }

  /** Every page of a query at `size`, concatenated, with the total each page reported. */
  async function allPages(query: Record<string, string>, size: number) {
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let page = 0; page < 100; page += 1) {
      const body = await list({ ...query, page: String(page), size: String(size) });
      totals.add(body.total);
      ids.push(...body.sessions.map((session) => session.id));
      if (body.sessions.length < size) break;
    }
    return { ids, totals: [...totals] };
  }

  for (const key of SORT_KEYS) {
    for (const sort of [key, `-${key}`]) {
      it(`sorts by ${sort}, ties by id in the same direction, stably across pages of 7`, async () => {
        const expected = expectedIds(rows, { sort });
        const { ids, totals } = await allPages({ sort }, 7);
        expect(ids).toEqual(expected);
        expect(totals).toEqual([rows.length]);
      });
    }
  }

  it('keeps the document order when no sort is given', async () => {
    const body = await list({ size: '100' });
    expect(body.sessions.map((session) => session.id)).toEqual(expectedIds(rows, {}));
  });

  it('answers every added filter alone with exactly the matching sessions and their exact total', async () => {
    for (const query of filterExamples(otherWebsiteId)) {
      const expected = expectedIds(rows, query);
      const body = await list({ ...query, size: '100' });
      expect(body.total, JSON.stringify(query)).toBe(expected.length);
      expect(
        body.sessions.map((session) => session.id),
        JSON.stringify(query),
      ).toEqual(expected);
    }
  });

  it('matches a page URL recorded only as a page-view event', async () => {
    const onlyInEvents = rows.filter((row) => row.pageUrls.some((url) => url.includes('hats')));
    expect(onlyInEvents.length).toBeGreaterThan(0);
    const body = await list({ url: 'HATS', size: '100' });
    expect(body.sessions.map((session) => session.id).sort()).toEqual(onlyInEvents.map((row) => row.id).sort());
  });

  it('combines filters with each other, with dates and with any sort, paging stably with exact totals', async () => {
    const examples = filterExamples(otherWebsiteId);
    const random = lcg(11);
    for (let probe = 0; probe < 30; probe += 1) {
      const query: Record<string, string> = { tz: 'UTC' };
      for (let count = 0; count < 3; count += 1) Object.assign(query, examples[random(examples.length)]);
      if (probe % 2 === 0) query.date_from = iso(FINDING_BASE + random(86_400));
      if (probe % 3 === 0) query.date_to = iso(FINDING_BASE + 86_400 + random(2 * 86_400));
      const key = SORT_KEYS[random(SORT_KEYS.length)] ?? 'start';
      query.sort = probe % 2 === 0 ? key : `-${key}`;
      if (Number(query.duration_min ?? 0) > Number(query.duration_max ?? Infinity)) delete query.duration_max;
      if (Number(query.engagement_min ?? 0) > Number(query.engagement_max ?? Infinity)) delete query.engagement_max;
      const expected = expectedIds(rows, query);
      const { ids, totals } = await allPages(query, 4);
      expect(ids, JSON.stringify(query)).toEqual(expected);
      expect(totals, JSON.stringify(query)).toEqual([expected.length]);
    }
  });

  it('combines the added filters with the e-mail and visitor filters of the document', async () => {
    const lucas = rows.find((row) => row.visitor.email === 'Lucas.Martin@example.com');
    expect(lucas).toBeDefined();
    const expected = rows
      .filter((row) => row.visitor.id === lucas?.visitor.id && row.error_logs > 0)
      .map((row) => row.id);
    const byEmail = await list({ email: ' lucas.martin@EXAMPLE.com ', has_errors: 'true', size: '100' });
    expect(byEmail.total).toBe(expected.length);
    expect(byEmail.sessions.map((session) => session.id).sort()).toEqual([...expected].sort());
    const byVisitor = await list({
      visitor_id: lucas?.visitor.id ?? '',
      has_errors: 'true',
      sort: 'duration',
      size: '100',
    });
    expect(byVisitor.total).toBe(expected.length);
  });
});

describeApi('GET /v1/sessions refuses bad sort and filter values', (ctx) => {
  for (const [param, value, code] of [
    ['sort', 'bogus', 'invalid_value'],
    ['sort', '--duration', 'invalid_value'],
    ['country', 'GBR', undefined],
    ['country', 'G1', undefined],
    ['duration_min', '-1', 'out_of_range'],
    ['duration_max', 'long', 'invalid_type'],
    ['engagement_max', '101', 'out_of_range'],
    ['engagement_min', 'high', 'invalid_type'],
    ['has_errors', 'maybe', 'invalid_type'],
    ['seen', 'yes', 'invalid_type'],
    ['visitor_param', 'plan', undefined],
    ['visitor_param', '=pro', undefined],
    ['url', '', 'too_short'],
    ['tag', 'x'.repeat(257), 'too_long'],
  ] as const) {
    it(`answers ${param}=${JSON.stringify(value.slice(0, 20))} with a 400 naming ${param}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/sessions?${new URLSearchParams({ [param]: value }).toString()}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'validation_error', param, ...(code ? { code } : {}) } });
    });
  }

  it('says what a value that fails a pattern should look like', async () => {
    const account = await ctx().newAccount();
    for (const [query, expected] of [
      ['country=GBR', 'country is not valid: ISO 3166-1 alpha-2 country code.'],
      ['visitor_param=plan', 'visitor_param is not valid: A visitor parameter as `name=value`'],
    ] as const) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(expected);
    }
  });

  for (const name of ['duration', 'engagement']) {
    it(`answers ${name}_min above ${name}_max with a 400 naming ${name}_min`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/sessions?${name}_min=60&${name}_max=59`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { type: 'validation_error', code: 'invalid_range', param: `${name}_min` },
      });
    });
  }

  it('still refuses an unknown parameter', async () => {
    const account = await ctx().newAccount();
    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?order=asc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'unknown_parameter', param: 'order' } });
  });
});
