import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { BROWSER_USER_AGENT } from '../../test/browser-user-agent.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { START_URL, batch, countRows, ingest, sessionOf, visitEvents } from './test-support/ingest-requests.ts';
import { clientId, newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

describeApi('POST /v1/ingest: recording batches into sessions', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });
  /** The people the search finds for `q` in the account. */
  const found = async (q: string) => {
    const response = await ctx().request(account.token, {
      method: 'GET',
      url: `/v1/visitors/search?${new URLSearchParams({ q }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ visitors: { id: string; name: string | null }[] }>().visitors;
  };
  /** An identify event naming the visitor, with this e-mail. */
  const identifyAs = (email: string) => (name: string) => [{ kind: 4, time: Date.now() - 1000, email, name }];

  it('records a batch: a visitor and a session with its statistics, and the events', async () => {
    const ids = newVisitIds();
    const body = batch(key, ids);
    const response = await ingest(ctx(), body, { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'DE' });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 12 });

    const list = await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`);
    expect(list.total).toBe(1);
    const session = list.sessions[0];
    expect(session).toMatchObject({
      id: ids.session_id,
      website_id: account.websiteId,
      duration: 55,
      active_time: 55,
      start_url: START_URL,
      end_url: 'https://shop.example.com/checkout',
      referrer: 'https://search.example.net/',
      device: 'desktop',
      seen: false,
      visitor_first_session: true,
      resolution: { width: 1440, height: 900, resolution: '1440x900' },
      os: { name: 'Windows', version: '10' },
      browser: { name: 'Chrome', version: '133.0.0.0', description: BROWSER_USER_AGENT },
      utm: { source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' },
      page_views_statistics: { count: 2 },
      events_statistics: { clicks: 2, error_clicks: 1, rage_clicks: 1, error_logs: 2, net_errors: 1 },
      visitor: {
        id: ids.visitor_id,
        ip: '127.0.0.1',
        // Without TRUST_PROXY, proxy headers are not believed.
        geolocation: { country_code: '', region: '', city: '' },
        email: '',
        params: [],
        sessions_statistics: { count: 1 },
      },
    });
    const created = session?.creation_timestamp as number;
    expect(Math.abs(created - (Math.floor(body.sent_at / 1000) - 60))).toBeLessThanOrEqual(1);
    expect(session?.end_timestamp).toBe(created + 55);
    expect(session?.last_event_timestamp).toBe(created + 55);
    expect(session?.expiration_timestamp).toBe(created + 30 * 86_400);
    expect(session?.engagment_score).toBeGreaterThan(0);
    expect(session?.engagment_score).toBeLessThanOrEqual(100);
    expect(session?.last_seen_page_view_id).toMatch(/^evt_/);
    expect(await countRows(ctx(), 'session_events', account.accountId)).toBeGreaterThanOrEqual(12);
  });

  it('adds a later batch to the same session: counters add up and active time spans both', async () => {
    const ids = newVisitIds();
    const now = Date.now();
    const first = batch(key, ids, [
      { kind: 1, time: now - 40_000, url: START_URL, referrer: '' },
      { kind: 3, time: now - 40_000, url: START_URL },
      { kind: 5, time: now - 30_000, selector: 'a', text: 'One' },
    ]);
    const second = batch(key, ids, [
      { kind: 5, time: now - 20_000, selector: 'a', text: 'Two' },
      { kind: 3, time: now - 10_000, url: 'https://shop.example.com/two' },
    ]);
    expect((await ingest(ctx(), first)).statusCode).toBe(202);
    expect((await ingest(ctx(), second)).statusCode).toBe(202);
    const [session] = (await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`)).sessions;
    // Each batch's times are moved onto the server clock by its own transit delay, so on a busy machine
    // the two batches may land up to a second apart from what the page measured.
    for (const seconds of [session?.duration, session?.active_time]) {
      expect(seconds).toBeGreaterThanOrEqual(30);
      expect(seconds).toBeLessThanOrEqual(31);
    }
    expect(session).toMatchObject({
      end_url: 'https://shop.example.com/two',
      page_views_statistics: { count: 2 },
      events_statistics: { clicks: 2 },
    });
  });

  it('marks only the first session of a visitor as such', async () => {
    const visitor = clientId('v');
    for (const session of [clientId('s'), clientId('s')]) {
      expect((await ingest(ctx(), batch(key, { visitor_id: visitor, session_id: session }))).statusCode).toBe(202);
    }
    const list = await sessionOf(ctx(), account, `visitor_id=${visitor}`);
    expect(list.sessions.map((session) => session.visitor_first_session).sort()).toEqual([false, true]);
  });

  it('identifies the visitor: the e-mail as given, found case-insensitively by GET /v1/sessions?email=', async () => {
    const ids = newVisitIds();
    const now = Date.now();
    const events = [
      ...visitEvents(now).slice(0, 2),
      {
        kind: 4,
        time: now - 1000,
        email: 'Grace.Hopper@Example.COM',
        name: 'Grace Hopper',
        params: { plan: 'pro', seats: '12' },
      },
    ];
    expect((await ingest(ctx(), batch(key, ids, events))).statusCode).toBe(202);
    const list = await sessionOf(ctx(), account, `email=${encodeURIComponent('  grace.hopper@example.com ')}`);
    expect(list.total).toBe(1);
    expect(list.sessions[0]).toMatchObject({
      id: ids.session_id,
      visitor: {
        email: 'Grace.Hopper@Example.COM',
        name: 'Grace Hopper',
        email_hash: crypto.createHash('sha256').update('grace.hopper@example.com').digest('hex'),
        params: [
          { name: 'plan', value: 'pro' },
          { name: 'seats', value: '12' },
        ],
      },
    });
  });

  it('makes every word of a long name findable by the people search, and forgets the words of a former name', async () => {
    const ids = newVisitIds();
    const identify = identifyAs('joao@example.br');

    const first = batch(key, ids, [...visitEvents(Date.now()).slice(0, 2), ...identify('João Pedro da Silva Santos')]);
    expect((await ingest(ctx(), first)).statusCode).toBe(202);
    expect((await found('silva')).map((visitor) => visitor.id)).toEqual([ids.visitor_id]);
    expect((await found('silva santos')).map((visitor) => visitor.name)).toEqual(['João Pedro da Silva Santos']);

    expect((await ingest(ctx(), batch(key, ids, identify('João Pedro da Costa Lima Neto')))).statusCode).toBe(202);
    expect(await found('silva')).toEqual([]);
    expect((await found('costa')).map((visitor) => visitor.id)).toEqual([ids.visitor_id]);
    expect((await found('lima')).map((visitor) => visitor.name)).toEqual(['João Pedro da Costa Lima Neto']);
  });

  it('finds a name as it is also typed, and forgets those ways when the name changes though its key does not', async () => {
    const ids = newVisitIds();
    const identify = identifyAs('chloe@example.ie');
    const idsFound = async (q: string) => (await found(q)).map((visitor) => visitor.id);

    const first = batch(key, ids, [...visitEvents(Date.now()).slice(0, 2), ...identify('Chloé O’Brien')]);
    expect((await ingest(ctx(), first)).statusCode).toBe(202);
    expect(await idsFound('chloe o brien')).toEqual([ids.visitor_id]);
    expect(await idsFound('obrien')).toEqual([ids.visitor_id]);

    // The same key ("chloe obrien"), no apostrophe: typed with a space, it is no longer this name.
    expect((await ingest(ctx(), batch(key, ids, identify('Chloé OBrien')))).statusCode).toBe(202);
    expect(await idsFound('chloe o brien')).toEqual([]);
    expect(await idsFound('obrien')).toEqual([ids.visitor_id]);
  });

  it('answers a repeated batch_id with 200 duplicate and changes nothing', async () => {
    const ids = newVisitIds();
    const body = batch(key, ids);
    expect((await ingest(ctx(), body)).statusCode).toBe(202);
    const before = await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`);
    const events = await countRows(ctx(), 'session_events', account.accountId);
    const again = await ingest(ctx(), { ...body, sent_at: body.sent_at + 5000 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ accepted: 0, duplicate: true });
    expect(await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`)).toEqual(before);
    expect(await countRows(ctx(), 'session_events', account.accountId)).toBe(events);
  });

  it('takes concurrent batches of a new session each once, and the same batch sent twice at once once', async () => {
    const ids = newVisitIds();
    const now = Date.now();
    const first = batch(key, ids, [
      { kind: 1, time: now - 20_000, url: START_URL, referrer: '' },
      { kind: 3, time: now - 20_000, url: START_URL },
      { kind: 5, time: now - 15_000, selector: 'a' },
    ]);
    const second = batch(key, ids, [{ kind: 5, time: now - 10_000, selector: 'b' }]);
    const responses = await Promise.all([
      ingest(ctx(), first),
      ingest(ctx(), second),
      ingest(ctx(), first),
      ingest(ctx(), second),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 202, 202]);
    const list = await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`);
    expect(list.total).toBe(1);
    expect(list.sessions[0]).toMatchObject({
      events_statistics: { clicks: 2 },
      page_views_statistics: { count: 1 },
    });
    // Each batch's times move onto the server's clock by that batch's own delay between being sent and
    // arriving, so the 10 s between the events moves by however much later (or earlier) the second batch
    // was handled, and whole seconds round that either way.
    expect(list.sessions[0]?.duration).toBeGreaterThanOrEqual(9);
    expect(list.sessions[0]?.duration).toBeLessThanOrEqual(12);
  });

  it('refuses a session id that belongs to another website of the account (409)', async () => {
    const second = await createWebsite(ctx().database.db, { accountId: account.accountId, host: 'blog.example.com' });
    const ids = newVisitIds();
    expect((await ingest(ctx(), batch(key, ids))).statusCode).toBe(202);
    const response = await ingest(ctx(), batch(second.public_key, ids), { origin: 'https://blog.example.com' });
    expectError(response, 409, { type: 'conflict_error', code: 'session_conflict' });
  });
});
