/**
 * Batches as the tracker sends them to POST /v1/ingest (a minute of a visit by default), and reads of
 * what ingestion stored, for the ingest route's suites.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sendJson } from '../../../test/api-requests.ts';
import { BROWSER_USER_AGENT } from '../../../test/browser-user-agent.ts';
import type { TestAccount, TestContext } from '../../../test/harness.ts';
import { clientId, type VisitIds } from '../../../test/tracker-ids.ts';

export const START_URL = 'https://shop.example.com/?utm_source=newsletter&utm_medium=email';

/** A minute of a visit: 2 page views, 2 clicks, a rage click, a JS error right after a click, a console error, a failed request. */
export function visitEvents(now: number): Record<string, unknown>[] {
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

export function batch(
  key: string,
  ids: VisitIds,
  events?: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
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

export function ingest(
  ctx: TestContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.request(null, {
    method: 'POST',
    url: '/v1/ingest',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT, ...headers },
  });
}

export async function sessionOf(ctx: TestContext, account: TestAccount, query: string) {
  const response = await sendJson(ctx, account.token, 'GET', `/v1/sessions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number; sessions: Record<string, unknown>[] }>();
}

export async function countRows(
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
