/**
 * What the authentication suites share: the API's operations with the scope each needs, a request to one
 * with a given Authorization header, the error envelope of a refusal, and the time in seconds.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Scope } from '../../api/schemas/common.ts';

export interface RouteCase {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  scope: Scope;
  body?: Record<string, unknown>;
  /** What the route answers once the scope is there (the body and ids here are deliberately empty or unknown). */
  withScope: number;
}

/** The contract's operations, each with the scope it needs and what it answers once that is there. */
export const ROUTES: RouteCase[] = [
  { operationId: 'createAlert', method: 'POST', url: '/v1/alerts', scope: 'alerts:write', body: {}, withScope: 400 },
  {
    operationId: 'updateAlert',
    method: 'PUT',
    url: '/v1/alerts/alr_missing',
    scope: 'alerts:write',
    body: {},
    withScope: 404,
  },
  { operationId: 'listAlerts', method: 'GET', url: '/v1/alerts', scope: 'alerts:read', withScope: 200 },
  {
    operationId: 'deleteAlert',
    method: 'DELETE',
    url: '/v1/alerts/alr_missing',
    scope: 'alerts:write',
    withScope: 404,
  },
  {
    operationId: 'createWebhook',
    method: 'POST',
    url: '/v1/webhooks',
    scope: 'webhooks:write',
    body: {},
    withScope: 400,
  },
  {
    operationId: 'updateWebhook',
    method: 'PUT',
    url: '/v1/webhooks/whk_missing?version=v1.0',
    scope: 'webhooks:write',
    body: {},
    withScope: 400,
  },
  { operationId: 'listWebhooks', method: 'GET', url: '/v1/webhooks', scope: 'webhooks:read', withScope: 200 },
  {
    operationId: 'deleteWebhook',
    method: 'DELETE',
    url: '/v1/webhooks/whk_missing',
    scope: 'webhooks:write',
    withScope: 404,
  },
  { operationId: 'listWebsites', method: 'GET', url: '/v1/websites', scope: 'websites:read', withScope: 200 },
  { operationId: 'getSessions', method: 'GET', url: '/v1/sessions', scope: 'users.sessions:read', withScope: 200 },
];

/** A request to `route`, with `authorization` as its Authorization header when one is given. */
export function injectOptions(route: RouteCase, authorization?: string): InjectOptions {
  return {
    method: route.method,
    url: route.url,
    headers: authorization === undefined ? {} : { authorization },
    ...(route.body === undefined ? {} : { payload: route.body }),
  };
}

/** Asserts an error envelope of `status`, `type` and (when given) `code`, and returns its error. */
export function expectEnvelope(
  response: LightMyRequestResponse,
  status: number,
  type: string,
  code?: string,
): { message: string } {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ error: Record<string, unknown> }>();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ type, http_status_code: status, request_id: response.headers['x-request-id'] });
  if (code !== undefined) expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body.error as { message: string };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
