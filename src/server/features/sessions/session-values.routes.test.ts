import { beforeAll, expect, it } from 'vitest';
import type { SessionValuesResource } from '../../../api/schemas/session-values.ts';
import { describeApi, type TestAccount } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';

describeApi('GET /v1/sessions/values', (ctx) => {
  let account: TestAccount;
  let blogId: string;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    account = await ctx().newAccount();
    const db = ctx().database.db;
    blogId = (await createWebsite(db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' })).id;
    const pro = await insertVisitor(db, account.accountId, {
      params: [
        { name: 'plan', value: 'pro' },
        { name: 'company', value: 'Globex' },
      ],
    });
    const free = await insertVisitor(db, account.accountId, { params: [{ name: 'plan', value: 'free' }] });
    const chrome = { browser_name: 'Chrome', tags: ['Returning', 'vip'] };
    for (const [index, overrides] of [
      chrome,
      chrome,
      chrome,
      { browser_name: 'Firefox', tags: ['returning'] },
    ].entries()) {
      await insertSession(db, account.accountId, account.websiteId, pro.id, {
        ...overrides,
        creation_timestamp: now - 3600 * (index + 1),
        start_url: `https://shop.example.com/Checkout/step-${index}`,
      });
    }
    await insertSession(db, account.accountId, blogId, free.id, {
      browser_name: 'Safari',
      creation_timestamp: now - 7200,
      start_url: 'https://blog.example.com/',
    });
    await insertSession(db, account.accountId, blogId, free.id, {
      browser_name: 'Firefox',
      creation_timestamp: now - 86_400 * 45,
    });
    // Another account's values are never listed.
    const stranger = await ctx().newAccount();
    const other = await insertVisitor(db, stranger.accountId, { params: [{ name: 'plan', value: 'other' }] });
    await insertSession(db, stranger.accountId, stranger.websiteId, other.id, {
      browser_name: 'Chromium',
      creation_timestamp: now - 60,
    });
  });

  async function values(query: Record<string, string>) {
    const response = await ctx().request(account.token, {
      method: 'GET',
      url: `/v1/sessions/values?${new URLSearchParams(query).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionValuesResource>();
  }

  const pairs = (result: SessionValuesResource) => result.values.map(({ value, sessions }) => [value, sessions]);

  it('counts the sessions of each value since the UTC day 30 days ago, most first', async () => {
    const result = await values({ field: 'browser' });
    expect(pairs(result)).toEqual([
      ['Chrome', 3],
      ['Firefox', 1],
      ['Safari', 1],
    ]);
    expect(result.field).toBe('browser');
    expect(result.since % 86_400).toBe(0);
    expect(now - result.since).toBeGreaterThanOrEqual(30 * 86_400);
    expect(now - result.since).toBeLessThan(31 * 86_400);
  });

  it('agrees with a direct count of the listed sessions', async () => {
    const result = await values({ field: 'browser', q: 'fire' });
    const list = await ctx().request(account.token, {
      method: 'GET',
      url: '/v1/sessions?browser=Firefox&date_from=TODAY-30DAYS&tz=UTC',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(pairs(result)).toEqual([['Firefox', list.json<{ total: number }>().total]]);
  });

  it('narrows by text contained anywhere, case-insensitively, by website, and to a limit', async () => {
    expect(pairs(await values({ field: 'browser', q: 'HROM' }))).toEqual([['Chrome', 3]]);
    expect(pairs(await values({ field: 'browser', website_id: blogId }))).toEqual([['Safari', 1]]);
    expect(pairs(await values({ field: 'browser', limit: '1' }))).toEqual([['Chrome', 3]]);
    expect(pairs(await values({ field: 'browser', q: 'opera' }))).toEqual([]);
  });

  it("lists tags as the filter matches them, and a visitor parameter's names, then its values", async () => {
    expect(pairs(await values({ field: 'tag' }))).toEqual([
      ['returning', 5],
      ['vip', 3],
    ]);
    expect(pairs(await values({ field: 'visitor_param' }))).toEqual([
      ['plan', 5],
      ['company', 4],
    ]);
    expect(pairs(await values({ field: 'visitor_param', name: 'plan' }))).toEqual([
      ['pro', 4],
      ['free', 1],
    ]);
    expect(pairs(await values({ field: 'visitor_param', name: 'pla' }))).toEqual([]);
  });

  it('lists the stored texts of a contains-filter, lower-cased and shortest first, without counts', async () => {
    const result = await values({ field: 'start_url', q: 'CHECKOUT', limit: '2' });
    expect(result.values).toEqual([
      { value: 'https://shop.example.com/checkout/step-0' },
      { value: 'https://shop.example.com/checkout/step-1' },
    ]);
    expect((await values({ field: 'start_url' })).values[0]).toEqual({ value: 'https://blog.example.com/' });
  });

  it('lower-cases letters beyond A to Z as well, so both databases list the same texts', async () => {
    const accented = await ctx().newAccount();
    const db = ctx().database.db;
    const visitor = await insertVisitor(db, accented.accountId, {});
    for (const start_url of ['https://shop.example.com/Café/Ménu?q=Ü', 'https://shop.example.com/café/ménu?q=ü']) {
      await insertSession(db, accented.accountId, accented.websiteId, visitor.id, { start_url });
    }
    const response = await ctx().request(accented.token, {
      method: 'GET',
      url: `/v1/sessions/values?${new URLSearchParams({ field: 'start_url', q: 'CAFÉ' }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SessionValuesResource>().values).toEqual([
      { value: 'https://shop.example.com/café/ménu?q=ü' },
    ]);
  });

  it('refuses an unknown field, a name for another field and a limit out of range, naming the parameter', async () => {
    for (const [query, param] of [
      ['field=city', 'field'],
      ['field=browser&name=plan', 'name'],
      ['field=browser&limit=51', 'limit'],
      ['field=browser&lmit=5', 'lmit'],
      ['q=x', 'field'],
    ] as const) {
      const response = await ctx().request(account.token, { method: 'GET', url: `/v1/sessions/values?${query}` });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json<{ error: { param?: string } }>().error.param, query).toBe(param);
    }
  });

  it('keeps a count for half a minute, so each letter typed reads it again rather than counting anew', async () => {
    const typing = await ctx().newAccount();
    const db = ctx().database.db;
    const visitor = await insertVisitor(db, typing.accountId);
    const visit = (browser_name: string) =>
      insertSession(db, typing.accountId, typing.websiteId, visitor.id, {
        browser_name,
        creation_timestamp: now - 600,
      });
    await visit('Firefox');
    const ask = async (query: Record<string, string>) => {
      const response = await ctx().request(typing.token, {
        method: 'GET',
        url: `/v1/sessions/values?${new URLSearchParams({ field: 'browser', ...query }).toString()}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return pairs(response.json<SessionValuesResource>());
    };
    expect(await ask({ q: 'f' })).toEqual([['Firefox', 1]]);
    await visit('Firefox');
    await visit('Falkon');
    // The next letters read the count kept from the first.
    expect(await ask({ q: 'fi' })).toEqual([['Firefox', 1]]);
    expect(await ask({ q: 'F' })).toEqual([['Firefox', 1]]);
    // Another website's count is another count, made now.
    expect(await ask({ q: 'f', website_id: typing.websiteId })).toEqual([
      ['Firefox', 2],
      ['Falkon', 1],
    ]);
  });

  it('needs the users.sessions:read scope', async () => {
    const token = await account.tokenWith(['websites:read']);
    const response = await ctx().request(token, { method: 'GET', url: '/v1/sessions/values?field=browser' });
    expect(response.statusCode).toBe(403);
  });
});
