import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { createWebsite } from '../websites/websites.service.ts';
import type { SessionsTable } from './sessions.table.ts';
import { type SessionQuery, listOrder, sessionIds, sessionListApi } from './test-support/session-list-requests.ts';

describeApi('GET /v1/sessions: filters by e-mail, visitor and website', (ctx) => {
  const db = () => ctx().database.db;
  const { list } = sessionListApi(ctx);

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
      expect(sessionIds(body)).toEqual(listOrder(janes));
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

  it('finds an e-mail with a capital sigma or a dotted capital I however its letters are typed', async () => {
    const account = await ctx().newAccount();
    for (const email of ['ΣΟΦΟΣ@example.gr', 'İrem@example.com.tr']) {
      const visitor = await insertVisitor(db(), account.accountId, { email });
      await insertSession(db(), account.accountId, account.websiteId, visitor.id);
    }
    for (const [typed, found] of [
      ['σοφοσ@example.gr', 'ΣΟΦΟΣ@example.gr'],
      ['σοφος@example.gr', 'ΣΟΦΟΣ@example.gr'],
      ['Σοφος@Example.GR', 'ΣΟΦΟΣ@example.gr'],
      ['irem@example.com.tr', 'İrem@example.com.tr'],
      ['İREM@EXAMPLE.COM.TR', 'İrem@example.com.tr'],
    ] as [string, string][]) {
      const body = await list(account, { email: typed });
      expect(body.total, typed).toBe(1);
      expect(body.sessions[0]?.visitor.email, typed).toBe(found);
    }
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
    expect(sessionIds(body)).toEqual(listOrder(ones));
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
    expect(sessionIds(blogOnly)).toEqual(byKey('janeBlogIn', 'janeBlogIn2', 'janeBlogLate', 'joeBlogIn'));
    expect(blogOnly.total).toBe(4);
    expect(blogOnly.sessions.every((session) => session.website_id === blog.id)).toBe(true);

    const from = new Date((t - 1) * 1000).toISOString();
    const to = new Date((t + 1000) * 1000).toISOString();
    const cases: [SessionQuery, string[]][] = [
      [{ website_id: blog.id, email: 'jane@example.com' }, ['janeBlogIn', 'janeBlogIn2', 'janeBlogLate']],
      [{ website_id: blog.id, visitor_id: jane.id, date_from: from, date_to: to }, ['janeBlogIn', 'janeBlogIn2']],
      [{ email: 'JANE@example.com', date_from: from, date_to: to }, ['janeShopIn', 'janeBlogIn', 'janeBlogIn2']],
      [{ email: 'joe@example.com', visitor_id: jane.id }, []],
      [{ website_id: account.websiteId, date_from: from }, ['janeShopIn', 'joeShopIn']],
      [{ website_id: 'web_unknown' }, []],
    ];
    for (const [query, keys] of cases) {
      const body = await list(account, query);
      expect(sessionIds(body), JSON.stringify(query)).toEqual(byKey(...keys));
      expect(body.total, JSON.stringify(query)).toBe(keys.length);
    }
  });
});
