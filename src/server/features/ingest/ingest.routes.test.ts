import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { createAlert, createWebhook, expectError, sendJson, sendRaw } from '../../test/api-helpers.ts';
import { type TestAccount, type TestContext, describeApi } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
const START_URL = 'https://shop.example.com/?utm_source=newsletter&utm_medium=email';

const clientId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

interface Ids {
  visitor_id: string;
  session_id: string;
}

function newIds(): Ids {
  return { visitor_id: clientId('v'), session_id: clientId('s') };
}

/** A minute of a visit: 2 page views, 2 clicks, a rage click, a JS error right after a click, a console error, a failed request. */
function visitEvents(now: number): Record<string, unknown>[] {
  const at = (secondsAgo: number) => now - secondsAgo * 1000;
  return [
    { kind: 1, time: at(60), url: START_URL, referrer: 'https://search.example.net/' },
    { kind: 3, time: at(60), url: START_URL, title: 'Shop' },
    { kind: 5, time: at(55), selector: 'main > button#buy', text: 'Buy now' },
    { kind: 5, time: at(50), selector: 'main > button#pay', text: 'Pay' },
    { kind: 21, time: at(49), selector: 'main > button#pay', text: 'Pay', click_count: 4 },
    { kind: 25, time: at(48), message: 'TypeError: payment is undefined', stack: 'at pay (app.js:1:1)' },
    { kind: 20, time: at(48), selector: 'main > button#pay', text: 'Pay', message: 'TypeError: payment is undefined' },
    { kind: 24, time: at(40), level: 'error', message: 'checkout failed' },
    {
      kind: 30,
      time: at(30),
      url: 'https://shop.example.com/api/payments',
      method: 'POST',
      status: 502,
      duration: 120,
    },
    { kind: 3, time: at(20), url: 'https://shop.example.com/checkout' },
    { kind: 26, time: at(10), name: 'checkout_started', properties: { items: 3, coupon: null } },
    { kind: 2, time: at(5), url: 'https://shop.example.com/checkout' },
  ];
}

function batch(key: string, ids: Ids, events?: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    key,
    batch_id: clientId('b'),
    ...ids,
    sent_at: now,
    screen: { width: 1440, height: 900 },
    events: events ?? visitEvents(now),
    ...extra,
  };
}

async function publicKey(ctx: TestContext, websiteId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('websites')
    .select('public_key')
    .where('id', '=', websiteId)
    .executeTakeFirstOrThrow();
  return row.public_key;
}

function ingest(
  ctx: TestContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.request(null, {
    method: 'POST',
    url: '/v1/ingest',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...headers },
  });
}

async function sessionOf(ctx: TestContext, account: TestAccount, query: string) {
  const response = await sendJson(ctx, account.token, 'GET', `/v1/sessions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number; sessions: Record<string, unknown>[] }>();
}

async function countRows(
  ctx: TestContext,
  table: 'session_events' | 'outbox_messages' | 'sessions',
  accountId: string,
): Promise<number> {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeApi('POST /v1/ingest', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKey(ctx(), account.websiteId);
  });

  it('records a batch: a visitor and a session with its statistics, and the events', async () => {
    const ids = newIds();
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
      browser: { name: 'Chrome', version: '133.0.0.0', description: CHROME },
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
    const ids = newIds();
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
    const ids = newIds();
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

  it('answers a repeated batch_id with 200 duplicate and changes nothing', async () => {
    const ids = newIds();
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
    const ids = newIds();
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
      duration: 10,
      events_statistics: { clicks: 2 },
      page_views_statistics: { count: 1 },
    });
  });

  it('answers an unknown key with 401 in the error envelope, and records nothing', async () => {
    const other = await ctx().newAccount();
    const sessions = await countRows(ctx(), 'sessions', other.accountId);
    for (const wrong of [
      `pk_${'0'.repeat(32)}`,
      'not-a-key',
      (await publicKey(ctx(), other.websiteId)).toUpperCase(),
    ]) {
      expectError(await ingest(ctx(), batch(wrong, newIds())), 401, { type: 'authentication_error', param: null });
    }
    expect(await countRows(ctx(), 'sessions', other.accountId)).toBe(sessions);
  });

  it('refuses a session id that belongs to another website of the account (409)', async () => {
    const second = await createWebsite(ctx().database.db, { accountId: account.accountId, host: 'blog.example.com' });
    const ids = newIds();
    expect((await ingest(ctx(), batch(key, ids))).statusCode).toBe(202);
    const response = await ingest(ctx(), batch(second.public_key, ids), { origin: 'https://blog.example.com' });
    expectError(response, 409, { type: 'conflict_error', code: 'session_conflict' });
  });

  describe('refuses bad input with a 400 naming the field', () => {
    const now = Date.now();
    const event = (fields: Record<string, unknown>) => [
      { kind: 3, time: now, url: START_URL },
      { time: now, ...fields },
    ];
    const cases: [
      name: string,
      mutate: (body: Record<string, unknown>) => unknown,
      param: string | null,
      code?: string,
    ][] = [
      ['no key', ({ key: _key, ...rest }) => rest, 'key', 'required'],
      ['no events', (body) => ({ ...body, events: [] }), 'events', 'too_few_items'],
      [
        'more than 100 events',
        (body) => ({ ...body, events: Array.from({ length: 101 }, () => ({ kind: 5, time: now, selector: 'a' })) }),
        'events',
        'too_many_items',
      ],
      ['an unknown top-level field', (body) => ({ ...body, extra: 1 }), 'extra', 'unknown_parameter'],
      [
        'an unknown event field',
        (body) => ({ ...body, events: event({ kind: 5, selector: 'a', color: 'red' }) }),
        'events.1.color',
        'unknown_parameter',
      ],
      [
        'a field another kind has',
        (body) => ({ ...body, events: event({ kind: 3, url: START_URL, click_count: 3 }) }),
        'events.1.click_count',
        'unknown_parameter',
      ],
      ['an unknown kind', (body) => ({ ...body, events: event({ kind: 7 }) }), 'events.1.kind', 'invalid_value'],
      [
        'a kind as a string',
        (body) => ({ ...body, events: event({ kind: '5', selector: 'a' }) }),
        'events.1.kind',
        'invalid_type',
      ],
      [
        'a click without a selector',
        (body) => ({ ...body, events: event({ kind: 5, text: 'Buy' }) }),
        'events.1.selector',
        'required',
      ],
      ['a page view without a URL', (body) => ({ ...body, events: event({ kind: 3 }) }), 'events.1.url', 'required'],
      [
        'a custom event without a name',
        (body) => ({ ...body, events: event({ kind: 26 }) }),
        'events.1.name',
        'required',
      ],
      [
        'a network error without a status',
        (body) => ({ ...body, events: event({ kind: 30, url: START_URL }) }),
        'events.1.status',
        'required',
      ],
      [
        'a rage click of 2 clicks',
        (body) => ({ ...body, events: event({ kind: 21, selector: 'a', click_count: 2 }) }),
        'events.1.click_count',
        'out_of_range',
      ],
      ['an empty identify', (body) => ({ ...body, events: event({ kind: 4 }) }), 'events.1.email', 'required'],
      [
        'an e-mail without @',
        (body) => ({ ...body, events: event({ kind: 4, email: 'grace' }) }),
        'events.1.email',
        'invalid_value',
      ],
      [
        'an event two days before sent_at',
        (body) => ({ ...body, events: [{ kind: 3, time: now - 2 * 86_400_000, url: START_URL }] }),
        'events.0.time',
        'out_of_range',
      ],
      [
        'an event an hour after sent_at',
        (body) => ({ ...body, events: [{ kind: 3, time: now + 3_600_000, url: START_URL }] }),
        'events.0.time',
        'out_of_range',
      ],
      ['a batch_id with spaces', (body) => ({ ...body, batch_id: 'b b b b b b' }), 'batch_id', 'invalid_value'],
      ['a too short session_id', (body) => ({ ...body, session_id: 's_1' }), 'session_id', 'invalid_value'],
      [
        'a message over 1024 characters',
        (body) => ({ ...body, events: event({ kind: 25, message: 'x'.repeat(1025) }) }),
        'events.1.message',
        'too_long',
      ],
      [
        '51 custom properties',
        (body) => ({
          ...body,
          events: event({
            kind: 26,
            name: 'n',
            properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])),
          }),
        }),
        'events.1.properties',
        'invalid_value',
      ],
      [
        'an object as a property value',
        (body) => ({ ...body, events: event({ kind: 26, name: 'n', properties: { nested: { a: 1 } } }) }),
        'events.1.properties.nested',
      ],
      [
        'a NUL character',
        (body) => ({ ...body, events: event({ kind: 24, message: 'a\u0000b' }) }),
        'events.1.message',
        'invalid_character',
      ],
      ['a JSON array', () => [], null, 'invalid_type'],
    ];
    it.each(cases)('%s', async (_name, mutate, param, code) => {
      const response = await ingest(ctx(), mutate(batch(key, newIds(), [{ kind: 3, time: now, url: START_URL }])));
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it('invalid JSON, as JSON or as text', async () => {
      for (const contentType of ['application/json', 'text/plain']) {
        expectError(await sendRaw(ctx(), null, 'POST', '/v1/ingest', '{"key":', contentType), 400, {
          type: 'validation_error',
          code: 'invalid_json',
        });
      }
    });
  });

  it('accepts the body as text/plain (as sendBeacon sends it)', async () => {
    const ids = newIds();
    for (const contentType of ['text/plain', 'text/plain;charset=UTF-8']) {
      const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', JSON.stringify(batch(key, ids)), contentType);
      expect(response.statusCode, response.body).toBe(202);
    }
  });

  it('keeps text/plain a 415 everywhere else, and other types a 415 here', async () => {
    const alerts = await sendRaw(ctx(), account.token, 'POST', '/v1/alerts', '{"name":"x"}', 'text/plain');
    expectError(alerts, 415, { type: 'validation_error', code: 'unsupported_media_type' });
    const form = await sendRaw(ctx(), null, 'POST', '/v1/ingest', 'key=x', 'application/x-www-form-urlencoded');
    expectError(form, 415, { type: 'validation_error', code: 'unsupported_media_type' });
  });

  it('answers a body over 64 KiB with 413', async () => {
    const body = batch(key, newIds(), [{ kind: 24, time: Date.now(), message: 'x'.repeat(70 * 1024) }]);
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', JSON.stringify(body), contentType);
      expectError(response, 413, { type: 'validation_error', code: 'body_too_large', message: '65536' });
    }
  });

  describe('CORS', () => {
    const preflight = (origin?: string) =>
      ctx().request(null, {
        method: 'OPTIONS',
        url: '/v1/ingest',
        headers: {
          ...(origin ? { origin } : {}),
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });

    it('grants a preflight to the website host and its subdomains', async () => {
      for (const origin of ['https://shop.example.com', 'https://www.shop.example.com']) {
        const response = await preflight(origin);
        expect(response.statusCode, origin).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(response.headers['access-control-allow-methods']).toContain('POST');
        expect(response.headers['access-control-allow-headers']).toContain('content-type');
        expect(response.headers.vary).toContain('Origin');
      }
    });

    it('refuses a preflight from another origin or from localhost, without CORS headers', async () => {
      for (const origin of ['https://evil.example.net', 'https://example.com', 'http://localhost:5173', 'null']) {
        const response = await preflight(origin);
        expectError(response, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
        expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });

    it("allows a batch from the website's origin and answers with its origin", async () => {
      for (const origin of ['https://shop.example.com', 'http://m.shop.example.com:8080']) {
        const response = await ingest(ctx(), batch(key, newIds()), { origin });
        expect(response.statusCode, response.body).toBe(202);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
      }
    });

    it('refuses a batch from another origin with 403 and records nothing', async () => {
      const ids = newIds();
      for (const origin of ['https://evil.example.net', 'https://blog.example.com', 'http://localhost:3000', 'null']) {
        const response = await ingest(ctx(), batch(key, ids), { origin });
        expectError(response, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`)).total).toBe(0);
    });

    it('accepts a batch without Origin (not a browser) without CORS headers', async () => {
      const response = await ingest(ctx(), batch(key, newIds()));
      expect(response.statusCode).toBe(202);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('alerts', () => {
    it('enqueues one outbox message per enabled alert an event matches, by the per-kind rules', async () => {
      const owner = await ctx().newAccount();
      const ownerKey = await publicKey(ctx(), owner.websiteId);
      const webhook = await createWebhook(ctx(), owner);
      const jsError = await createAlert(ctx(), owner, {
        name: 'Payment errors',
        events: [{ kind: 25, value: 'PAYMENT' }],
        provider: 'chat',
        chat_channel_id: 'C1',
      });
      const rage = await createAlert(ctx(), owner, {
        name: 'Rage',
        events: [{ kind: 21, value: '4' }],
        provider: 'webhooks',
        webhook_id: webhook.webhook_id,
      });
      await createAlert(ctx(), owner, {
        name: 'Big rage',
        events: [{ kind: 21, value: '5' }],
        provider: 'chat',
        chat_channel_id: 'C2',
      });
      const disabled = await createAlert(ctx(), owner, {
        name: 'Off',
        events: [{ kind: 26, value: '' }],
        provider: 'chat',
        chat_channel_id: 'C3',
      });
      await sendJson(ctx(), owner.token, 'PUT', `/v1/alerts/${disabled.alert_id}`, { enabled: false });

      const ids = newIds();
      expect((await ingest(ctx(), batch(ownerKey, ids))).statusCode).toBe(202);
      const messages = await ctx()
        .database.db.selectFrom('outbox_messages')
        .selectAll()
        .where('account_id', '=', owner.accountId)
        .execute();
      expect(messages.map((message) => message.alert_id).sort()).toEqual([jsError.alert_id, rage.alert_id].sort());
      const rageMessage = messages.find((message) => message.alert_id === rage.alert_id);
      expect(rageMessage?.webhook_id).toBe(webhook.webhook_id);
      const payload = JSON.parse(rageMessage?.payload ?? '{}') as {
        website_id: string;
        payload: Record<string, unknown>;
      };
      expect(payload.website_id).toBe(owner.websiteId);
      expect(payload.payload).toMatchObject({
        event_name: 'RageClick',
        session_id: ids.session_id,
        // The rage click came 11 s after the session's first event: the link opens the replay there.
        session_url: expect.stringMatching(
          new RegExp(`^https://app\\.example\\.test/sessions/${ids.session_id}\\?t=1[12]$`),
        ) as unknown,
        click_count: 4,
        selector: 'main > button#pay',
        visitor: { id: ids.visitor_id },
      });
    });

    it('does not fire a webhook alert for events of a website its webhook is not for', async () => {
      const owner = await ctx().newAccount();
      const blog = await createWebsite(ctx().database.db, { accountId: owner.accountId, host: 'blog.example.com' });
      const webhook = await createWebhook(ctx(), owner);
      await createAlert(ctx(), owner, {
        name: 'Rage',
        events: [{ kind: 21, value: '3' }],
        provider: 'webhooks',
        webhook_id: webhook.webhook_id,
      });
      expect((await ingest(ctx(), batch(blog.public_key, newIds()))).statusCode).toBe(202);
      expect(await countRows(ctx(), 'outbox_messages', owner.accountId)).toBe(0);
    });
  });
});

describeApi(
  'POST /v1/ingest behind a proxy, with local pages allowed and a small budget',
  (ctx) => {
    it('limits batches per website per minute with 429, other websites unaffected', async () => {
      const account = await ctx().newAccount();
      const key = await publicKey(ctx(), account.websiteId);
      const ids = newIds();
      for (let sent = 0; sent < 3; sent++) expect((await ingest(ctx(), batch(key, ids))).statusCode).toBe(202);
      const limited = await ingest(ctx(), batch(key, ids));
      expectError(limited, 429, { type: 'rate_limit_error' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await ctx().newAccount();
      expect((await ingest(ctx(), batch(await publicKey(ctx(), other.websiteId), newIds()))).statusCode).toBe(202);
    });

    it('takes the address and location from the trusted proxy', async () => {
      const account = await ctx().newAccount();
      const ids = newIds();
      const response = await ingest(ctx(), batch(await publicKey(ctx(), account.websiteId), ids), {
        'x-forwarded-for': '198.51.100.7',
        'cf-ipcountry': 'DE',
        'cf-region': 'Bavaria',
        'cf-ipcity': 'Munich',
      });
      expect(response.statusCode).toBe(202);
      const list = await sessionOf(ctx(), account, `visitor_id=${ids.visitor_id}`);
      expect(list.sessions[0]?.visitor).toMatchObject({
        ip: '198.51.100.7',
        geolocation: { country_code: 'DE', region: 'Bavaria', city: 'Munich' },
      });
    });

    it('accepts pages on localhost when allowed', async () => {
      const account = await ctx().newAccount();
      const key = await publicKey(ctx(), account.websiteId);
      const response = await ingest(ctx(), batch(key, newIds()), { origin: 'http://localhost:5173' });
      expect(response.statusCode).toBe(202);
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      const preflight = await ctx().request(null, {
        method: 'OPTIONS',
        url: '/v1/ingest',
        headers: { origin: 'http://127.0.0.1:8080' },
      });
      expect(preflight.statusCode).toBe(204);
    });
  },
  { INGEST_BATCHES_PER_MINUTE: '3', TRUST_PROXY: 'true', INGEST_ALLOW_LOCALHOST: 'true' },
);

describeApi('GET /v1/websites: the tracker snippet', (ctx) => {
  it("gives each website its public key and the snippet with this server's tracker", async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/websites');
    const [website] = response.json<{ public_key: string; snippet: string }[]>();
    expect(website?.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(website?.snippet).toBe(
      `<script async src="https://app.example.test/t.js" data-key="${website?.public_key}"></script>`,
    );
  });
});

describe('GET /t.js', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tracker-'));
  const trackerFile = path.join(dir, 't.js');
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: ':memory:' });
  const database = openDatabase(':memory:');
  let app: Awaited<ReturnType<typeof buildApp>>;
  const get = (headers: InjectOptions['headers'] = {}) => app.inject({ method: 'GET', url: '/t.js', headers });

  beforeAll(async () => {
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, webRoot: path.join(dir, 'no-web'), trackerFile });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 until the tracker is built', async () => {
    expectError(await get(), 404, { type: 'not_found_error', message: 'build:tracker' });
  });

  it('serves the built tracker as JavaScript with a long cache and an ETag', async () => {
    fs.writeFileSync(trackerFile, '(()=>{})();');
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toMatch(/public, max-age=86400/);
    expect(response.body).toBe('(()=>{})();');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
