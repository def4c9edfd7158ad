import { Temporal } from '@js-temporal/polyfill';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { SessionListResource } from '../../../api/schemas/sessions.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { insertSession, insertVisitor, type SessionOverrides } from '../../test/session-fixtures.ts';
import { createUser } from '../users/users.service.ts';
import { createWebsite } from '../websites/websites.service.ts';
import type { SessionsTable } from './sessions.table.ts';

type Query = Record<string, string | number>;

/** Builds the query string by hand (%20 for spaces), so what the server sees is exactly what is written. */
function sessionsUrl(query: Query = {}): string {
  const parts = Object.entries(query).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
  );
  return parts.length === 0 ? '/v1/sessions' : `/v1/sessions?${parts.join('&')}`;
}

/** Newest first by creation_timestamp, ties by id descending: the contract's order, computed independently. */
function listOrder(rows: Pick<SessionsTable, 'id' | 'creation_timestamp'>[]): string[] {
  return [...rows]
    .sort((a, b) => b.creation_timestamp - a.creation_timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

function ids(body: SessionListResource): string[] {
  return body.sessions.map((session) => session.id);
}

function expectValidationError(response: LightMyRequestResponse, param: string, code?: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ error: Record<string, unknown> }>();
  expect(body.error).toMatchObject({ type: 'validation_error', param, http_status_code: 400 });
  if (code !== undefined) expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.request_id).toBe(response.headers['x-request-id']);
}

/** The instant a date parameter names, computed with Temporal (independent of the server's luxon). */
function expectedInstant(value: string, tz: string): Temporal.Instant {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return Temporal.PlainDate.from(value).toZonedDateTime({ timeZone: tz }).toInstant();
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return Temporal.Instant.from(value);
  return Temporal.PlainDateTime.from(value).toZonedDateTime(tz).toInstant();
}

function seconds(instant: Temporal.Instant): number {
  return Math.ceil(instant.epochMilliseconds / 1000);
}

/** Checks an ISO string of date_range: it names `instant` and carries the offset of `tz` at that instant. */
function expectIsoInstant(iso: string | null | undefined, instant: Temporal.Instant, tz: string): void {
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Temporal.Instant.from(iso ?? '').epochMilliseconds).toBe(instant.epochMilliseconds);
  const offset = (iso ?? '').endsWith('Z') ? '+00:00' : (iso ?? '').slice(-6);
  expect(offset).toBe(instant.toZonedDateTimeISO(tz).offset);
}

const RELATIVE_DATES = [
  'TODAY',
  'YESTERDAY',
  'BEGINNING_OF_WEEK',
  'BEGINNING_OF_MONTH',
  'BEGINNING_OF_PREV_MONTH',
  'TODAY-7DAYS',
  'TODAY-30DAYS',
] as const;

function relativeDay(key: (typeof RELATIVE_DATES)[number], today: Temporal.PlainDate): Temporal.PlainDate {
  switch (key) {
    case 'TODAY':
      return today;
    case 'YESTERDAY':
      return today.subtract({ days: 1 });
    case 'BEGINNING_OF_WEEK':
      return today.subtract({ days: today.dayOfWeek - 1 });
    case 'BEGINNING_OF_MONTH':
      return today.with({ day: 1 });
    case 'BEGINNING_OF_PREV_MONTH':
      return today.with({ day: 1 }).subtract({ months: 1 });
    case 'TODAY-7DAYS':
      return today.subtract({ days: 7 });
    case 'TODAY-30DAYS':
      return today.subtract({ days: 30 });
  }
}

function localToday(tz: string): Temporal.PlainDate {
  return Temporal.Now.zonedDateTimeISO(tz).toPlainDate();
}

describeApi('GET /v1/sessions', (ctx) => {
  const db = () => ctx().database.db;

  async function list(account: TestAccount, query: Query = {}): Promise<SessionListResource> {
    const response = await ctx().request(account.token, { method: 'GET', url: sessionsUrl(query) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionListResource>();
  }

  /** Inserts sessions of one new visitor at the given timestamps; returns the rows. */
  async function sessionsAt(account: TestAccount, timestamps: number[], overrides: SessionOverrides = {}) {
    const visitor = await insertVisitor(db(), account.accountId);
    const rows: SessionsTable[] = [];
    for (const ts of timestamps) {
      rows.push(
        await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
          ...overrides,
          creation_timestamp: ts,
        }),
      );
    }
    return { visitor, rows };
  }

  it('returns every field of the document, with its type, exactly', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(db(), account.accountId, {
      id: 'v_shape',
      name: 'Jane Doe',
      email: 'Jane.Doe@Example.com',
      params: [
        { name: 'plan', value: 'pro' },
        { name: 'seats', value: '12' },
      ],
      first_session_timestamp: 1_700_000_000,
      last_session_timestamp: 1_750_000_100,
    });
    const session = await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
      id: 's_shape1',
      creation_timestamp: 1_750_000_000,
      duration: 321,
      end_timestamp: 1_750_000_321,
      active_time: 200,
      start_url: 'https://shop.example.com/landing?utm_source=ads',
      end_url: 'https://shop.example.com/thanks',
      expiration_timestamp: 1_757_776_000,
      last_event_timestamp: 1_750_000_318,
      product: 'checkout',
      device: 'mobile',
      tags: ['vip', 'converted'],
      last_seen_page_view_id: 'pv_last',
      seen: 1,
      referrer: 'https://news.example.org/post',
      visitor_first_session: 1,
      engagement_score: 87.5,
      ip: '198.51.100.23',
      country_code: 'FR',
      region: 'Île-de-France',
      city: 'Paris',
      resolution_width: 390,
      resolution_height: 844,
      os_name: 'iOS',
      os_version: '17.5',
      browser_description: 'Mobile Safari 17.5 on iOS 17.5',
      browser_name: 'Mobile Safari',
      browser_version: '17.5',
      utm_source: 'ads',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'running shoes',
      utm_content: 'banner-a',
      page_views: 7,
      clicks: 31,
      error_clicks: 2,
      rage_clicks: 3,
      error_logs: 4,
      net_errors: 5,
    });
    // An anonymous visitor, with the booleans false.
    const anonymous = await insertVisitor(db(), account.accountId, { id: 'v_anon' });
    await insertSession(db(), account.accountId, account.websiteId, anonymous.id, {
      id: 's_shape0',
      creation_timestamp: 1_740_000_000,
      seen: 0,
      visitor_first_session: 0,
      tags: [],
    });

    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<SessionListResource>();
    expect(Object.keys(body).sort()).toEqual(['page', 'sessions', 'total']);
    expect(body.total).toBe(2);
    expect(body.page).toStrictEqual({ num: 0, size: 25 });
    expect(body.sessions[0]).toStrictEqual({
      id: session.id,
      website_id: account.websiteId,
      session_url: `https://app.example.test/sessions/${session.id}`,
      creation_timestamp: 1_750_000_000,
      duration: 321,
      end_timestamp: 1_750_000_321,
      active_time: 200,
      end_url: 'https://shop.example.com/thanks',
      expiration_timestamp: 1_757_776_000,
      last_event_timestamp: 1_750_000_318,
      product: 'checkout',
      device: 'mobile',
      tags: ['vip', 'converted'],
      last_seen_page_view_id: 'pv_last',
      seen: true,
      referrer: 'https://news.example.org/post',
      start_url: 'https://shop.example.com/landing?utm_source=ads',
      visitor_first_session: true,
      engagment_score: 87.5,
      has_recording: false,
      visitor: {
        id: 'v_shape',
        ip: '198.51.100.23',
        geolocation: { country_code: 'FR', city: 'Paris', region: 'Île-de-France' },
        name: 'Jane Doe',
        email: 'Jane.Doe@Example.com',
        email_hash: visitor.email_hash,
        params: [
          { name: 'plan', value: 'pro' },
          { name: 'seats', value: '12' },
        ],
        last_session_timestamp: 1_750_000_100,
        first_session_timestamp: 1_700_000_000,
        sessions_statistics: { count: 1 },
      },
      resolution: { height: 844, width: 390, resolution: '390x844' },
      os: { name: 'iOS', version: '17.5' },
      browser: { description: 'Mobile Safari 17.5 on iOS 17.5', name: 'Mobile Safari', version: '17.5' },
      utm: { source: 'ads', medium: 'cpc', campaign: 'spring', term: 'running shoes', content: 'banner-a' },
      page_views_statistics: { count: 7 },
      events_statistics: { clicks: 31, error_clicks: 2, rage_clicks: 3, error_logs: 4, net_errors: 5 },
    });
    expect(body.sessions[1]).toMatchObject({
      id: 's_shape0',
      seen: false,
      visitor_first_session: false,
      tags: [],
      engagment_score: 42.5,
      resolution: { height: 1080, width: 1920, resolution: '1920x1080' },
      // Unknown identity is empty strings, never null (clients of the hosted service read strings).
      visitor: { id: 'v_anon', name: '', email: '', email_hash: '', params: [], sessions_statistics: { count: 1 } },
    });
    // The raw text, not only the parsed JSON: integers without a fraction, booleans unquoted, the API's spelling.
    expect(response.body).toContain('"creation_timestamp":1750000000,');
    expect(response.body).toContain('"seen":true');
    expect(response.body).toContain('"engagment_score":87.5');
    expect(response.body).not.toContain('engagement_score');
    for (const item of body.sessions) {
      for (const key of [
        'creation_timestamp',
        'duration',
        'end_timestamp',
        'active_time',
        'expiration_timestamp',
        'last_event_timestamp',
      ] as const) {
        expect(Number.isInteger(item[key]), key).toBe(true);
      }
    }
  });

  it('pages 25 at a time from page 0 by default, with the exact total', async () => {
    const account = await ctx().newAccount();
    const { rows } = await sessionsAt(
      account,
      Array.from({ length: 30 }, (_, i) => 1_750_000_000 + i * 10),
    );
    const body = await list(account);
    expect(body.total).toBe(30);
    expect(body.page).toStrictEqual({ num: 0, size: 25 });
    expect(ids(body)).toEqual(listOrder(rows).slice(0, 25));
    const second = await list(account, { page: 1 });
    expect(second.page).toStrictEqual({ num: 1, size: 25 });
    expect(ids(second)).toEqual(listOrder(rows).slice(25));
  });

  it('answers an account without sessions with an empty list', async () => {
    const account = await ctx().newAccount();
    expect(await list(account)).toStrictEqual({ total: 0, page: { num: 0, size: 25 }, sessions: [] });
    expect(await list(account, { page: 3, size: 7 })).toStrictEqual({
      total: 0,
      page: { num: 3, size: 7 },
      sessions: [],
    });
  });

  it('orders newest first, ties by id descending, stably across pages of 3', async () => {
    const account = await ctx().newAccount();
    // 20 sessions over 7 distinct timestamps (ties of three), inserted in an order unrelated to the list order.
    const timestamps = Array.from({ length: 20 }, (_, i) => 1_750_000_000 + Math.floor(((i * 7) % 20) / 3) * 60);
    const { rows } = await sessionsAt(account, timestamps);
    const expected = listOrder(rows);
    expect(new Set(timestamps).size).toBeLessThan(timestamps.length);

    const all = await list(account, { size: 100 });
    expect(ids(all)).toEqual(expected);

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
      walked.push(...ids(body));
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
        expect(ids(body), `page ${page} of size ${size}`).toEqual(expected.slice(page * size, page * size + size));
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
        expect(ids(body), `page ${page} of size ${size}`).toEqual(expected.slice(page * size, page * size + size));
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

  it('filters by e-mail exactly, case-insensitively, ignoring surrounding spaces', async () => {
    const account = await ctx().newAccount();
    const jane = await insertVisitor(db(), account.accountId, { email: 'Jane.Doe@Example.com' });
    const lookalikes = await Promise.all(
      ['jane.doe@example.com.au', 'mary.jane.doe@example.com', 'jane.doe@example.co', 'janedoe@example.com'].map(
        (email) => insertVisitor(db(), account.accountId, { email }),
      ),
    );
    const anonymous = await insertVisitor(db(), account.accountId);
    const janes = [
      await insertSession(db(), account.accountId, account.websiteId, jane.id, { creation_timestamp: 1_750_000_000 }),
      await insertSession(db(), account.accountId, account.websiteId, jane.id, { creation_timestamp: 1_750_000_500 }),
    ];
    for (const visitor of [...lookalikes, anonymous]) {
      await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: 1_750_000_200,
      });
    }
    // The same address in another account stays there.
    const other = await ctx().newAccount();
    const otherJane = await insertVisitor(db(), other.accountId, { email: 'jane.doe@example.com' });
    await insertSession(db(), other.accountId, other.websiteId, otherJane.id, { creation_timestamp: 1_750_000_300 });

    for (const email of [
      ' jane.doe@EXAMPLE.com ',
      'Jane.Doe@Example.com',
      'JANE.DOE@EXAMPLE.COM',
      '\tjane.doe@example.com',
    ]) {
      const body = await list(account, { email });
      expect(body.total, JSON.stringify(email)).toBe(2);
      expect(ids(body)).toEqual(listOrder(janes));
      expect(body.sessions.every((session) => session.visitor.email === 'Jane.Doe@Example.com')).toBe(true);
    }
    for (const email of [
      'jane.doe@example',
      'doe@example.com',
      'jane',
      'example.com',
      'jane.doe@example.co.uk',
      '%',
      'jane.doe@example.com%',
    ]) {
      const body = await list(account, { email });
      expect(body, JSON.stringify(email)).toMatchObject({ total: 0, sessions: [] });
    }
    expect((await list(account, { email: 'jane.doe@example.co' })).total).toBe(1);
  });

  it('filters by visitor_id exactly', async () => {
    const account = await ctx().newAccount();
    const ones: SessionsTable[] = [];
    for (const id of ['v-1', 'v-10', 'V-1', 'v-1 ', 'xv-1']) {
      const visitor = await insertVisitor(db(), account.accountId, { id });
      const row = await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
        creation_timestamp: 1_750_000_000,
      });
      if (id === 'v-1')
        ones.push(
          row,
          await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
            creation_timestamp: 1_750_000_009,
          }),
        );
    }
    const body = await list(account, { visitor_id: 'v-1' });
    expect(body.total).toBe(2);
    expect(ids(body)).toEqual(listOrder(ones));
    expect(body.sessions.every((session) => session.visitor.id === 'v-1')).toBe(true);
    expect((await list(account, { visitor_id: 'v-' })).total).toBe(0);
    expect((await list(account, { visitor_id: 'v-%' })).total).toBe(0);
    expect((await list(account, { visitor_id: 'V-1' })).total).toBe(1);
  });

  it('narrows by website_id, and combines every filter', async () => {
    const account = await ctx().newAccount();
    const blog = await createWebsite(db(), { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' });
    const jane = await insertVisitor(db(), account.accountId, { email: 'jane@example.com' });
    const joe = await insertVisitor(db(), account.accountId, { email: 'joe@example.com' });
    const t = 1_750_000_000;
    const made: Record<string, SessionsTable> = {};
    for (const [key, visitor, website, ts] of [
      ['janeShopEarly', jane, account.websiteId, t - 100],
      ['janeShopIn', jane, account.websiteId, t + 10],
      ['janeBlogIn', jane, blog.id, t + 20],
      ['janeBlogIn2', jane, blog.id, t + 30],
      ['janeBlogLate', jane, blog.id, t + 5000],
      ['joeBlogIn', joe, blog.id, t + 40],
      ['joeShopIn', joe, account.websiteId, t + 50],
    ] as const) {
      made[key] = await insertSession(db(), account.accountId, website, visitor.id, { creation_timestamp: ts });
    }
    const byKey = (...keys: string[]) => listOrder(keys.map((key) => made[key] as SessionsTable));

    const blogOnly = await list(account, { website_id: blog.id });
    expect(ids(blogOnly)).toEqual(byKey('janeBlogIn', 'janeBlogIn2', 'janeBlogLate', 'joeBlogIn'));
    expect(blogOnly.total).toBe(4);
    expect(blogOnly.sessions.every((session) => session.website_id === blog.id)).toBe(true);

    const from = new Date((t - 1) * 1000).toISOString();
    const to = new Date((t + 1000) * 1000).toISOString();
    const cases: [Query, string[]][] = [
      [{ website_id: blog.id, email: 'jane@example.com' }, ['janeBlogIn', 'janeBlogIn2', 'janeBlogLate']],
      [{ website_id: blog.id, visitor_id: jane.id, date_from: from, date_to: to }, ['janeBlogIn', 'janeBlogIn2']],
      [{ email: 'JANE@example.com', date_from: from, date_to: to }, ['janeShopIn', 'janeBlogIn', 'janeBlogIn2']],
      [{ email: 'joe@example.com', visitor_id: jane.id }, []],
      [{ website_id: account.websiteId, date_from: from }, ['janeShopIn', 'joeShopIn']],
      [{ website_id: 'web_unknown' }, []],
    ];
    for (const [query, keys] of cases) {
      const body = await list(account, query);
      expect(ids(body), JSON.stringify(query)).toEqual(byKey(...keys));
      expect(body.total, JSON.stringify(query)).toBe(keys.length);
    }
  });

  it('takes date_from inclusive and date_to exclusive, for ISO dates and date-times with and without offset', async () => {
    const account = await ctx().newAccount();
    const cases: { query: Record<string, string>; tz: string }[] = [
      { query: { date_from: '2025-03-30T10:00:00Z', date_to: '2025-03-30T12:00:00Z' }, tz: 'Europe/London' },
      {
        query: { date_from: '2025-03-30T10:00:00+02:00', date_to: '2025-03-30T10:30:00-05:30', tz: 'Asia/Tokyo' },
        tz: 'Asia/Tokyo',
      },
      { query: { date_from: '2025-03-30', date_to: '2025-07-01' }, tz: 'Europe/London' },
      { query: { date_from: '2025-03-30', date_to: '2025-03-31', tz: 'America/New_York' }, tz: 'America/New_York' },
      {
        query: { date_from: '2025-03-30T10:00', date_to: '2025-03-30T10:00:30', tz: 'Asia/Kolkata' },
        tz: 'Asia/Kolkata',
      },
      { query: { date_from: '2025-07-01T00:00:00', date_to: '2025-07-02T00:00:00' }, tz: 'Europe/London' },
      { query: { date_from: '2025-01-15T08:00:00.000Z' }, tz: 'Europe/London' },
      { query: { date_to: '2025-01-15', tz: 'Australia/Sydney' }, tz: 'Australia/Sydney' },
    ];
    for (const { query, tz } of cases) {
      const label = JSON.stringify(query);
      const from = query.date_from === undefined ? null : seconds(expectedInstant(query.date_from, tz));
      const to = query.date_to === undefined ? null : seconds(expectedInstant(query.date_to, tz));
      const probes = [
        ...(from === null ? [] : [from - 1, from, from + 1]),
        ...(to === null ? [] : [to - 1, to, to + 1]),
      ];
      const { visitor, rows } = await sessionsAt(account, probes);
      const inside = rows.filter(
        (row) => (from === null || row.creation_timestamp >= from) && (to === null || row.creation_timestamp < to),
      );
      const body = await list(account, { ...query, visitor_id: visitor.id });
      expect(ids(body), label).toEqual(listOrder(inside));
      expect(body.total, label).toBe(inside.length);
      expect(Object.keys(body.date_range ?? {}).sort(), label).toEqual(['from', 'to', 'tz']);
      expect(body.date_range?.tz, label).toBe(tz);
      if (query.date_from === undefined) expect(body.date_range?.from, label).toBeNull();
      else expectIsoInstant(body.date_range?.from, expectedInstant(query.date_from, tz), tz);
      if (query.date_to === undefined) expect(body.date_range?.to, label).toBeNull();
      else expectIsoInstant(body.date_range?.to, expectedInstant(query.date_to, tz), tz);
    }
  });

  it('has no date_range without a date filter, even with tz', async () => {
    const account = await ctx().newAccount();
    await sessionsAt(account, [1_750_000_000]);
    for (const query of [{}, { tz: 'Asia/Kolkata' }, { page: 0, size: 5 }] as Query[]) {
      const body = await list(account, query);
      expect(body.total).toBe(1);
      expect('date_range' in body, JSON.stringify(query)).toBe(false);
    }
  });

  it('allows an empty range (date_from equal to date_to)', async () => {
    const account = await ctx().newAccount();
    const { visitor } = await sessionsAt(account, [1_743_328_799, 1_743_328_800, 1_743_328_801]);
    const body = await list(account, {
      visitor_id: visitor.id,
      date_from: '2025-03-30T10:00:00Z',
      date_to: '2025-03-30T10:00:00Z',
    });
    expect(body).toMatchObject({ total: 0, sessions: [] });
  });

  for (const tz of [
    undefined,
    'Europe/London',
    'America/New_York',
    'Asia/Kolkata',
    'Pacific/Auckland',
    'America/Santiago',
  ]) {
    it(`reads relative dates as local midnights in ${tz ?? 'the default zone'} today`, async () => {
      const account = await ctx().newAccount();
      const zone = tz ?? 'Europe/London';
      for (const key of RELATIVE_DATES) {
        // Retried if the local day turns over while the check runs.
        for (let attempt = 0; ; attempt++) {
          const today = localToday(zone);
          const midnight = relativeDay(key, today).toZonedDateTime({ timeZone: zone }).toInstant();
          const at = seconds(midnight);
          const { visitor, rows } = await sessionsAt(account, [at - 1, at, at + 1]);
          const zoneParam: Query = tz === undefined ? {} : { tz };
          const since = await list(account, { ...zoneParam, visitor_id: visitor.id, date_from: key });
          const before = await list(account, { ...zoneParam, visitor_id: visitor.id, date_to: key });
          if (!localToday(zone).equals(today) && attempt < 2) continue;
          const label = `${key} in ${zone} on ${today.toString()}`;
          expect(ids(since), label).toEqual(listOrder(rows.slice(1)));
          expect(since.total, label).toBe(2);
          expectIsoInstant(since.date_range?.from, midnight, zone);
          expect(since.date_range?.to, label).toBeNull();
          expect(since.date_range?.tz, label).toBe(zone);
          expect(ids(before), label).toEqual([rows[0]?.id]);
          expect(before.date_range?.from, label).toBeNull();
          expectIsoInstant(before.date_range?.to, midnight, zone);
          break;
        }
      }
    });
  }

  it('combines relative strings: YESTERDAY to TODAY is exactly yesterday', async () => {
    const account = await ctx().newAccount();
    const tz = 'America/New_York';
    for (let attempt = 0; ; attempt++) {
      const today = localToday(tz);
      const start = seconds(today.subtract({ days: 1 }).toZonedDateTime({ timeZone: tz }).toInstant());
      const end = seconds(today.toZonedDateTime({ timeZone: tz }).toInstant());
      const { visitor, rows } = await sessionsAt(account, [start - 1, start, start + 3600, end - 1, end]);
      const body = await list(account, { visitor_id: visitor.id, date_from: 'YESTERDAY', date_to: 'TODAY', tz });
      if (!localToday(tz).equals(today) && attempt < 2) continue;
      expect(ids(body)).toEqual(listOrder(rows.slice(1, 4)));
      expect(body.total).toBe(3);
      break;
    }
  });

  it("never shows another account's sessions, and keeps a visitor id shared by two accounts apart", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const myVisitor = await insertVisitor(db(), mine.accountId, {
      id: 'v_shared',
      email: 'me@example.com',
      name: 'Me',
    });
    const theirVisitor = await insertVisitor(db(), theirs.accountId, {
      id: 'v_shared',
      email: 'them@example.com',
      name: 'Them',
    });
    const myRows = [
      await insertSession(db(), mine.accountId, mine.websiteId, myVisitor.id, { creation_timestamp: 1_750_000_000 }),
      await insertSession(db(), mine.accountId, mine.websiteId, myVisitor.id, { creation_timestamp: 1_750_000_010 }),
    ];
    const theirRows = [
      await insertSession(db(), theirs.accountId, theirs.websiteId, theirVisitor.id, {
        creation_timestamp: 1_750_000_005,
      }),
      await insertSession(db(), theirs.accountId, theirs.websiteId, theirVisitor.id, {
        creation_timestamp: 1_750_000_015,
      }),
      await insertSession(db(), theirs.accountId, theirs.websiteId, theirVisitor.id, {
        creation_timestamp: 1_750_000_020,
      }),
    ];
    // The same session id in both accounts.
    const twin = await insertSession(db(), theirs.accountId, theirs.websiteId, theirVisitor.id, {
      id: myRows[0]?.id,
      creation_timestamp: 1_750_000_000,
    });

    const all = await list(mine);
    expect(all.total).toBe(2);
    expect(ids(all)).toEqual(listOrder(myRows));
    expect(all.sessions.map((session) => session.visitor)).toMatchObject([
      { id: 'v_shared', email: 'me@example.com', name: 'Me' },
      { id: 'v_shared', email: 'me@example.com', name: 'Me' },
    ]);
    expect(all.sessions.every((session) => session.website_id === mine.websiteId)).toBe(true);

    const byVisitor = await list(mine, { visitor_id: 'v_shared' });
    expect(ids(byVisitor)).toEqual(listOrder(myRows));
    expect(await list(mine, { email: 'them@example.com' })).toMatchObject({ total: 0, sessions: [] });
    expect(await list(mine, { website_id: theirs.websiteId })).toMatchObject({ total: 0, sessions: [] });
    for (const page of [0, 1]) {
      const deep = await list(mine, { page, size: 1 });
      expect(deep.total).toBe(2);
      expect(ids(deep)).toEqual(listOrder(myRows).slice(page, page + 1));
    }

    const theirList = await list(theirs, { size: 100 });
    expect(theirList.total).toBe(4);
    expect(ids(theirList)).toEqual(listOrder([...theirRows, twin]));
    expect(theirList.sessions.every((session) => session.visitor.email === 'them@example.com')).toBe(true);
  });

  const badQueries: [string, Query, string, string][] = [
    ['a negative page', { page: -1 }, 'page', 'out_of_range'],
    ['a page over 10000', { page: 10001 }, 'page', 'out_of_range'],
    ['a fractional page', { page: '1.5' }, 'page', 'invalid_type'],
    ['a page that is not a number', { page: 'abc' }, 'page', 'invalid_type'],
    ['size 0', { size: 0 }, 'size', 'out_of_range'],
    ['size 101', { size: 101 }, 'size', 'out_of_range'],
    ['a fractional size', { size: '2.5' }, 'size', 'invalid_type'],
    ['a size that is not a number', { size: 'ten' }, 'size', 'invalid_type'],
    ['an unknown parameter', { pagesize: 10 }, 'pagesize', 'unknown_parameter'],
    ['an unknown parameter next to known ones', { page: 0, order: 'asc' }, 'order', 'unknown_parameter'],
    ['an unknown time zone', { tz: 'Mars/Olympus_Mons' }, 'tz', 'invalid_timezone'],
    ['an unknown time zone with a date', { tz: 'Europe/Londn', date_from: 'TODAY' }, 'tz', 'invalid_timezone'],
    ['a garbage date_from', { date_from: 'last tuesday' }, 'date_from', 'invalid_date'],
    ['a garbage date_to', { date_to: 'soon' }, 'date_to', 'invalid_date'],
    ['an impossible date', { date_from: '2025-02-30' }, 'date_from', 'invalid_date'],
    ['a lower-case relative string', { date_to: 'today' }, 'date_to', 'invalid_date'],
    ['an unknown relative string', { date_from: 'TODAY-8DAYS' }, 'date_from', 'invalid_date'],
    ['a bad offset', { date_from: '2025-03-30T10:00:00+25:00' }, 'date_from', 'invalid_date'],
    ['a Unix timestamp as a date', { date_from: '1743328800' }, 'date_from', 'invalid_date'],
    ['date_from after date_to', { date_from: '2025-03-02', date_to: '2025-03-01' }, 'date_from', 'invalid_date_range'],
    [
      'date_from after date_to by a second',
      { date_from: '2025-03-01T00:00:01Z', date_to: '2025-03-01T00:00:00Z' },
      'date_from',
      'invalid_date_range',
    ],
    ['TODAY after YESTERDAY', { date_from: 'TODAY', date_to: 'YESTERDAY' }, 'date_from', 'invalid_date_range'],
  ];
  for (const [label, query, param, code] of badQueries) {
    it(`answers ${label} with 400 on ${param}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, { method: 'GET', url: sessionsUrl(query) });
      expectValidationError(response, param, code);
    });
  }

  it('answers an empty page or size with 400, not a silent default', async () => {
    const account = await ctx().newAccount();
    for (const param of ['page', 'size']) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${param}=` });
      expectValidationError(response, param);
    }
  });

  it('never answers 500, whatever the query', async () => {
    const account = await ctx().newAccount();
    await sessionsAt(account, [1_750_000_000]);
    const values = [
      '',
      ' ',
      '-0',
      '1e3',
      '0x10',
      'null',
      '[]',
      '{}',
      '💥',
      "' OR 1=1 --",
      '9'.repeat(40),
      'x'.repeat(5000),
      '%',
      '\\',
    ];
    const wrong: string[] = [];
    for (const param of ['page', 'size', 'email', 'visitor_id', 'website_id', 'tz', 'date_from', 'date_to']) {
      for (const value of values) {
        const response = await ctx().request(account.token, { method: 'GET', url: sessionsUrl({ [param]: value }) });
        const label = `${param}=${JSON.stringify(value.slice(0, 20))}`;
        if (response.statusCode === 200) continue;
        const error = response.json<{ error: { param?: string } }>().error;
        if (response.statusCode !== 400 || error.param !== param)
          wrong.push(`${label} -> ${response.statusCode} ${JSON.stringify(error)}`);
      }
    }
    expect(wrong).toEqual([]);
    const repeated = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions?page=1&page=2' });
    expect([200, 400]).toContain(repeated.statusCode);
  });

  // PostgreSQL refuses U+0000 in text: such a value must be answered (400 naming it, or an empty list), never a 500.
  for (const param of ['email', 'visitor_id', 'website_id']) {
    it(`answers a NUL character in ${param} without a 500`, async () => {
      const account = await ctx().newAccount();
      await sessionsAt(account, [1_750_000_000]);
      for (const value of ['\u0000', 'a\u0000b']) {
        const response = await ctx().request(account.token, { method: 'GET', url: sessionsUrl({ [param]: value }) });
        if (response.statusCode === 200)
          expect(response.json<SessionListResource>()).toMatchObject({ total: 0, sessions: [] });
        else expectValidationError(response, param);
      }
    });
  }
});

describeApi('GET /v1/sessions paging parameters are plain decimal integers', (ctx) => {
  for (const [param, value] of [
    ['page', '0x10'],
    ['page', '1e3'],
    ['page', '+5'],
    ['page', ' 5'],
    ['size', '0b11'],
    ['size', '2.0'],
  ] as const) {
    it(`refuses ${param}=${JSON.stringify(value)}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/sessions?${new URLSearchParams({ [param]: value }).toString()}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'validation_error', code: 'invalid_type', param } });
    });
  }
});

describeApi('GET /v1/sessions/:id', (ctx) => {
  it('answers one session of the account with the list shape, without marking it seen for a token', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, account.accountId, { email: 'Ada@Example.com' });
    const session = await insertSession(ctx().database.db, account.accountId, account.websiteId, visitor.id, {
      seen: 0,
    });
    const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/${session.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; seen: boolean; visitor: { email: string }; session_url: string }>();
    expect(body.id).toBe(session.id);
    expect(body.visitor.email).toBe('Ada@Example.com');
    expect(body.seen).toBe(false);
    expect(body.session_url).toBe(`https://app.example.test/sessions/${session.id}`);
  });

  it("answers 404 for an unknown id and for another account's session alike", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, theirs.accountId);
    const session = await insertSession(ctx().database.db, theirs.accountId, theirs.websiteId, visitor.id);
    for (const id of [session.id, 's_missing']) {
      const response = await ctx().request(mine.token, { method: 'GET', url: `/v1/sessions/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { type: 'not_found_error', code: 'not_found' } });
    }
  });
});

describeApi('GET /v1/sessions/:id?peek=true', (ctx) => {
  async function signedInCookie(accountId: string): Promise<string> {
    const email = `peek-${accountId}@example.com`;
    const { password } = await createUser(ctx().database.db, accountId, { email, role: 'analyst', name: 'Peek' });
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json', origin: 'https://app.example.test' },
      payload: JSON.stringify({ email, password }),
    });
    expect(login.statusCode, login.body).toBe(200);
    const setCookie = login.headers['set-cookie'];
    return (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  }

  it('lets a person read a session ahead of opening it without marking it seen; opening it marks it', async () => {
    const account = await ctx().newAccount();
    const visitor = await insertVisitor(ctx().database.db, account.accountId);
    const session = await insertSession(ctx().database.db, account.accountId, account.websiteId, visitor.id, {
      seen: 0,
    });
    const cookie = await signedInCookie(account.accountId);

    const peek = await ctx().app.inject({
      method: 'GET',
      url: `/v1/sessions/${session.id}?peek=true`,
      headers: { cookie },
    });
    expect(peek.statusCode, peek.body).toBe(200);
    expect(peek.json<{ seen: boolean }>().seen).toBe(false);
    const again = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/${session.id}` });
    expect(again.json<{ seen: boolean }>().seen).toBe(false);

    const open = await ctx().app.inject({ method: 'GET', url: `/v1/sessions/${session.id}`, headers: { cookie } });
    expect(open.json<{ seen: boolean }>().seen).toBe(true);
  });

  it('refuses a peek that is not true or false with a 400', async () => {
    const account = await ctx().newAccount();
    const response = await ctx().request(account.token, { method: 'GET', url: '/v1/sessions/s_x?peek=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { type: 'validation_error', param: 'peek' } });
  });
});
