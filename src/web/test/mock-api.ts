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
type Route = MockReply | ((request: MockRequest) => MockReply);

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
 * Answers the generated client's requests from `routes`, keyed "METHOD /path"; anything else is a 404.
 * Returns the requests seen, so tests can check what was sent.
 */
export function mockApi(routes: Record<string, Route>): MockRequest[] {
  if (!clientConfigured) {
    configureApiClient();
    // jsdom's Request needs an absolute URL; the app itself calls its own origin.
    client.setConfig({ baseUrl: window.location.origin });
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
    const route = routes[`${seen.method} ${seen.path}`];
    const reply = !route
      ? errorReply(404, 'not_found_error', 'not_found', `No mock for ${seen.method} ${seen.path}`)
      : typeof route === 'function'
        ? route(seen)
        : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_test123' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
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

export function meAs(role: 'admin' | 'analyst'): GetMeResponse {
  return {
    account: { account_id: 'acc_1', name: 'Acme' },
    user: { user_id: `usr_${role}`, email: `${role}@acme.test`, name: role, role, created_at: 1_700_000_000 },
    token_name: null,
    permissions:
      role === 'admin'
        ? [...ADMIN_SCOPES, 'account:admin']
        : ['alerts:read', 'webhooks:read', 'users.sessions:read', 'websites:read'],
  };
}
