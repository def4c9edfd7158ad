/** Requests to the HTTP API in tests: a body sent as JSON, or exactly as given with its own content-type. */
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { TestContext } from './harness.ts';

export type Method = Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

/** Sends `body` serialised as JSON with content-type application/json. */
export function sendJson(
  ctx: TestContext,
  token: string | null,
  method: Method,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  if (body === undefined) return ctx.request(token, { method, url });
  return ctx.request(token, {
    method,
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

/** Sends a body exactly as given, with the content-type given. */
export function sendRaw(
  ctx: TestContext,
  token: string | null,
  method: Method,
  url: string,
  payload: string,
  contentType: string,
): Promise<LightMyRequestResponse> {
  return ctx.request(token, { method, url, payload, headers: { 'content-type': contentType } });
}
