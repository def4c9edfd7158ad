import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { client } from '../../api/client/client.gen.ts';
import type { GetMeResponse } from '../../api/client/types.gen.ts';
import { configureApiClient } from '../lib/api-client.ts';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export interface MockReply {
  status?: number;
  body: unknown;
}
/** A fixed reply, or one computed from the request (a promise holds the reply back until the test settles it). */
export type MockRoute = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);
/** Replies by "METHOD /path", e.g. "PUT /v1/alerts/alr_1". */
export type MockRoutes = Record<string, MockRoute>;

let clientConfigured = false;

// Pages here wait on two or three requests before they settle; on a busy machine that can outlast the 1 s default.
configure({ asyncUtilTimeout: 5000 });

/** An error reply in the API's one envelope. */
export function errorReply(status: number, type: string, code: string, message: string, param?: string): MockReply {
  return {
    status,
    body: { error: { type, code, message, param, http_status_code: status, request_id: 'req_test123' } },
  };
}

/**
 * The one way web tests stand in for the API: answers the generated client's requests from `routes`,
 * keyed "METHOD /path"; anything else is a 404. Returns the requests seen, so tests can check what was
 * sent. Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(routes: MockRoutes): MockRequest[] {
  if (!clientConfigured) {
    configureApiClient();
    // Request needs an absolute URL; the app itself calls its own origin (jsdom's, or localhost under node).
    client.setConfig({ baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin });
    clientConfigured = true;
  }
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const seen: MockRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(seen);
    const route = findRoute(routes, `${seen.method} ${seen.path}`);
    const reply = !route
      ? errorReply(404, 'not_found_error', 'not_found', `No mock for ${seen.method} ${seen.path}`)
      : typeof route === 'function'
        ? await route(seen)
        : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_test123' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The route for "METHOD /path": its exact key, else a key whose `:name` segments stand for any one segment. */
function findRoute(routes: MockRoutes, key: string): MockRoute | undefined {
  const exact = routes[key];
  if (exact) return exact;
  const segments = key.split('/');
  const pattern = Object.keys(routes).find((candidate) => {
    const parts = candidate.split('/');
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
  return pattern ? routes[pattern] : undefined;
}

/** The requests sent to one route ("METHOD /path"), for assertions on what was sent. */
export function requestsTo(requests: readonly MockRequest[], route: string): MockRequest[] {
  return requests.filter((request) => `${request.method} ${request.path}` === route);
}

const ADMIN_SCOPES = [
  'alerts:read',
  'alerts:write',
  'webhooks:read',
  'webhooks:write',
  'users.sessions:read',
  'websites:read',
  'websites:write',
];

export const ADMIN_PERMISSIONS = [...ADMIN_SCOPES, 'account:admin'];
export const ANALYST_PERMISSIONS = ['alerts:read', 'webhooks:read', 'users.sessions:read', 'websites:read'];
export const SUPPORT_PERMISSIONS = ['users.sessions:read', 'websites:read'];

/** Who-am-I for an API token holding exactly `permissions`. */
export function meWith(permissions: string[]): GetMeResponse {
  return { account: { account_id: 'acc_1', name: 'Acme' }, user: null, token_name: 'test', permissions };
}

export function meAs(role: 'admin' | 'analyst'): GetMeResponse {
  return {
    account: { account_id: 'acc_1', name: 'Acme' },
    user: { user_id: `usr_${role}`, email: `${role}@acme.test`, name: role, role, created_at: 1_700_000_000 },
    token_name: null,
    permissions: role === 'admin' ? ADMIN_PERMISSIONS : ANALYST_PERMISSIONS,
  };
}
