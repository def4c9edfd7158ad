import { vi } from 'vitest';
import { client } from '../../../../api/client/client.gen.ts';
import { configureApiClient } from '../../../lib/api-client.ts';

type Reply = { status?: number; body: unknown } | ((request: Request) => Response | Promise<Response>);

/** Replies by "METHOD /path", e.g. "PUT /v1/alerts/alr_1". */
export type ApiRoutes = Record<string, Reply>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_test' },
  });
}

/** The error envelope of decisions §2. */
export function apiError(status: number, error: { type: string; code: string; message: string; param?: string }) {
  return { status, body: { error: { ...error, http_status_code: status, request_id: 'req_x' } } };
}

let configured = false;

/**
 * Answers the generated client's requests (it calls `fetch(new Request(...))`) from `routes`, with the
 * app's own client set-up; jsdom has no origin for relative URLs, so requests go to http://localhost.
 */
export function mockApi(routes: ApiRoutes) {
  if (!configured) {
    configureApiClient();
    client.setConfig({ baseUrl: 'http://localhost' });
    configured = true;
  }
  const fetchMock = vi.fn(async (request: Request) => {
    const reply = routes[`${request.method} ${new URL(request.url).pathname}`];
    if (!reply) {
      return jsonResponse(
        apiError(404, { type: 'not_found_error', code: 'not_found', message: `No mock for ${request.url}` }).body,
        404,
      );
    }
    return typeof reply === 'function' ? reply(request) : jsonResponse(reply.body, reply.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests sent to one route, for assertions on what was sent. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, route: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
}
