/** Recorded visits for the compatibility suite, sent through the real tracker endpoint. */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from '../test/harness.ts';

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

export function newVisitorId(): string {
  return id('v');
}

/** Sends one session of `visitorId` with the given events (after a session start) and checks it was accepted. */
export async function recordVisit(
  ctx: TestContext,
  publicKey: string,
  visitorId: string,
  events: Record<string, unknown>[] = [],
): Promise<string> {
  const now = Date.now();
  const sessionId = id('s');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/ingest',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
    payload: JSON.stringify({
      key: publicKey,
      batch_id: id('b'),
      visitor_id: visitorId,
      session_id: sessionId,
      sent_at: now,
      screen: { width: 1280, height: 800 },
      events: [
        { kind: 1, time: now - 5000, url: 'https://shop.example.com/' },
        ...events.map((event) => ({ time: now - 1000, ...event })),
      ],
    }),
  });
  expect(response.statusCode, response.body).toBe(202);
  return sessionId;
}
