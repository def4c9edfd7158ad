import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/harness.ts';
import { BROWSER_USER_AGENT } from '../../../test/browser-user-agent.ts';
import { clientId, type VisitIds } from '../../../test/tracker-ids.ts';

/** rrweb-shaped events: a meta event, a full snapshot of a small page, and `extra` incremental ones. */
export function rrwebEvents(start: number, extra = 3): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { type: 4, timestamp: start, data: { href: 'https://shop.example.com/', width: 1280, height: 800 } },
    {
      type: 2,
      timestamp: start + 1,
      data: {
        node: { type: 0, id: 1, childNodes: [{ type: 2, id: 2, tagName: 'h1', attributes: {}, childNodes: [] }] },
      },
    },
  ];
  for (let index = 0; index < extra; index++) {
    events.push({
      type: 3,
      timestamp: start + 100 * (index + 1),
      data: { source: 1, positions: [{ x: index, y: index, id: 2, timeOffset: 0 }] },
    });
  }
  return events;
}

export function gzipJson(value: unknown): Buffer {
  return zlib.gzipSync(JSON.stringify(value));
}

export interface ChunkRequest {
  key: string;
  ids: VisitIds;
  chunk: number;
  body: Buffer | string;
  encoding?: 'gzip' | 'deflate' | 'none';
  sentAt?: number;
  headers?: Record<string, string>;
}

export function sendChunk(ctx: TestContext, request: ChunkRequest): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({
    key: request.key,
    visitor_id: request.ids.visitor_id,
    session_id: request.ids.session_id,
    chunk: String(request.chunk),
    encoding: request.encoding ?? 'gzip',
    sent_at: String(request.sentAt ?? Date.now()),
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/ingest/recording?${query.toString()}`,
    payload: request.body,
    headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_USER_AGENT, ...request.headers },
  });
}

/** Opens the session through the tracker's own endpoint, with a page view at `start`. */
export function sendPageView(
  ctx: TestContext,
  key: string,
  ids: VisitIds,
  start = Date.now(),
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/ingest',
    payload: JSON.stringify({
      key,
      batch_id: clientId('b'),
      ...ids,
      sent_at: start,
      events: [
        { kind: 1, time: start, url: 'https://shop.example.com/' },
        { kind: 3, time: start, url: 'https://shop.example.com/', title: 'Shop' },
      ],
    }),
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
  });
}
