import { expect, it } from 'vitest';
import type { SessionListResource } from '../../../api/schemas/sessions.ts';
import { describeApi } from '../../test/harness.ts';
import {
  type SessionQuery,
  expectValidationError,
  sessionListApi,
  sessionsUrl,
} from './test-support/session-list-requests.ts';

describeApi('GET /v1/sessions: refused queries', (ctx) => {
  const { sessionsAt } = sessionListApi(ctx);

  const badQueries: [string, SessionQuery, string, string][] = [
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
    ['a device type there is not', { device: 'phone' }, 'device', 'invalid_value'],
    ['a device type with spaces', { device: ' mobile' }, 'device', 'invalid_value'],
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

  it('says an empty text filter must not be empty', async () => {
    const account = await ctx().newAccount();
    for (const param of ['browser', 'start_url', 'referrer']) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${param}=` });
      expectValidationError(response, param, 'too_short');
      expect(response.json<{ error: { message: string } }>().error.message).toBe(`${param} must not be empty`);
    }
  });

  it('refuses an e-mail of only spaces, which no visitor can have, as blank', async () => {
    const account = await ctx().newAccount();
    for (const email of ['%20', '%20%20%09']) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?email=${email}` });
      expectValidationError(response, 'email', 'too_short');
      expect(response.json<{ error: { message: string } }>().error.message).toBe('email must not be blank');
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
  });

  for (const query of ['page=1&page=2', 'device=mobile&device=desktop', 'has_errors=true&has_errors=false']) {
    const param = query.slice(0, query.indexOf('='));
    it(`says ${param} is repeated in ${query}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions?${query}` });
      expectValidationError(response, param, 'repeated_parameter');
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        `${param} must be given once, not repeated`,
      );
    });
  }

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

describeApi('GET /v1/sessions numbers are plain decimals', (ctx) => {
  const kinds = {
    page: 'an integer',
    size: 'an integer',
    duration_min: 'an integer',
    engagement_min: 'a number',
    engagement_max: 'a number',
  };
  for (const [param, value] of [
    ['page', '0x10'],
    ['page', '1e3'],
    ['page', '+5'],
    ['page', ' 5'],
    ['size', '0b11'],
    ['size', '2.0'],
    ['duration_min', '0x10'],
    ['engagement_max', ' '],
    ...['0x10', '0b1010', '0o17', '1e', ' 5', '5 ', '\n5', ' ', '+5', '.', '-.', '5.5.'].map((text) => [
      'engagement_min',
      text,
    ]),
  ] as [keyof typeof kinds, string][]) {
    it(`refuses ${param}=${JSON.stringify(value)}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/sessions?${new URLSearchParams({ [param]: value }).toString()}`,
      });
      expectValidationError(response, param, 'invalid_type');
      expect(response.json<{ error: { message: string } }>().error.message).toBe(`${param} must be ${kinds[param]}`);
    });
  }

  for (const value of ['0', '42', '42.5', '.5', '5.', '100', '-0', '1e1', '1E-300']) {
    it(`accepts engagement_min=${value}`, async () => {
      const account = await ctx().newAccount();
      const response = await ctx().request(account.token, {
        method: 'GET',
        url: `/v1/sessions?engagement_min=${value}`,
      });
      expect(response.statusCode).toBe(200);
    });
  }
});
