import { expect, it } from 'vitest';
import type { SessionListResource } from '../../../api/schemas/sessions.ts';
import { describeApi } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { listOrder, sessionIds, sessionListApi } from './test-support/session-list-requests.ts';

describeApi('GET /v1/sessions: the document and the account it belongs to', (ctx) => {
  const db = () => ctx().database.db;
  const { list } = sessionListApi(ctx);

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

  it('answers an account without sessions with an empty list', async () => {
    const account = await ctx().newAccount();
    expect(await list(account)).toStrictEqual({ total: 0, page: { num: 0, size: 25 }, sessions: [] });
    expect(await list(account, { page: 3, size: 7 })).toStrictEqual({
      total: 0,
      page: { num: 3, size: 7 },
      sessions: [],
    });
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
    expect(sessionIds(all)).toEqual(listOrder(myRows));
    expect(all.sessions.map((session) => session.visitor)).toMatchObject([
      { id: 'v_shared', email: 'me@example.com', name: 'Me' },
      { id: 'v_shared', email: 'me@example.com', name: 'Me' },
    ]);
    expect(all.sessions.every((session) => session.website_id === mine.websiteId)).toBe(true);

    const byVisitor = await list(mine, { visitor_id: 'v_shared' });
    expect(sessionIds(byVisitor)).toEqual(listOrder(myRows));
    expect(await list(mine, { email: 'them@example.com' })).toMatchObject({ total: 0, sessions: [] });
    expect(await list(mine, { website_id: theirs.websiteId })).toMatchObject({ total: 0, sessions: [] });
    for (const page of [0, 1]) {
      const deep = await list(mine, { page, size: 1 });
      expect(deep.total).toBe(2);
      expect(sessionIds(deep)).toEqual(listOrder(myRows).slice(page, page + 1));
    }

    const theirList = await list(theirs, { size: 100 });
    expect(theirList.total).toBe(4);
    expect(sessionIds(theirList)).toEqual(listOrder([...theirRows, twin]));
    expect(theirList.sessions.every((session) => session.visitor.email === 'them@example.com')).toBe(true);
  });
});
