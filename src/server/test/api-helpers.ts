/**
 * Helpers shared by the HTTP API suites: requests with JSON bodies, the error-envelope assertion,
 * ready-made alerts and webhooks, and that refused requests change nothing.
 */
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../api/schemas/common.ts';
import type { ErrorType } from '../errors.ts';
import type { TestAccount, TestContext } from './harness.ts';

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

export interface ExpectedError {
  type: ErrorType;
  code?: string;
  /** The field at fault; `null` when the envelope must not name one. */
  param?: string | null;
  message?: string | RegExp;
}

export interface ErrorBody {
  type: string;
  code: string;
  param?: string;
  message: string;
  http_status_code: number;
  request_id: string;
}

const ENVELOPE_FIELDS = ['type', 'code', 'param', 'message', 'http_status_code', 'request_id'];

/** Signs of an internal detail leaking into a response: stack frames, SQL, driver names. */
const LEAK =
  /\bat \S+ \(|node_modules|\.ts:\d+|SQLITE_|\bselect\b.*\bfrom\b|\binsert into\b|violates .* constraint|\bpg\b|kysely/i;

/** Asserts the one error envelope of the API (decisions §2) and returns its `error` object. */
export function expectError(response: LightMyRequestResponse, status: number, expected: ExpectedError): ErrorBody {
  expect(response.statusCode, `status for ${response.body}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const requestId = response.headers['x-request-id'];
  expect(requestId).toMatch(/^req_[0-9A-Za-z]+$/);
  const body = response.json<{ error: ErrorBody }>();
  expect(Object.keys(body)).toEqual(['error']);
  const { error } = body;
  expect(ENVELOPE_FIELDS).toEqual(expect.arrayContaining(Object.keys(error)));
  expect(error.type).toBe(expected.type);
  expect(error.http_status_code).toBe(status);
  expect(error.request_id).toBe(requestId);
  expect(error.code).toMatch(/^[a-z_]+$/);
  expect(error.message.length).toBeGreaterThan(0);
  if (expected.code !== undefined) expect(error.code).toBe(expected.code);
  if (expected.param === null) expect(error).not.toHaveProperty('param');
  else if (expected.param !== undefined) expect(error.param).toBe(expected.param);
  if (typeof expected.message === 'string') expect(error.message).toContain(expected.message);
  else if (expected.message) expect(error.message).toMatch(expected.message);
  expect(response.body).not.toMatch(LEAK);
  return error;
}

/** Two error responses that must not tell apart (an unknown id and another account's id). */
export function expectSameErrorApartFromRequestId(first: LightMyRequestResponse, second: LightMyRequestResponse): void {
  expect(second.statusCode).toBe(first.statusCode);
  const a = first.json<{ error: ErrorBody }>().error;
  const b = second.json<{ error: ErrorBody }>().error;
  expect(a.request_id).not.toBe(b.request_id);
  expect({ ...b, request_id: 'x' }).toEqual({ ...a, request_id: 'x' });
}

/** The raw text of a response must never carry a webhook signing secret. */
export function expectNoSecret(response: LightMyRequestResponse): void {
  expect(response.body).not.toContain('whsec_');
  // No field that carries a secret (`secret`, `previous_secret`); `previous_secret_expires_at` is a time.
  expect(response.body).not.toMatch(/"[a-z_]*secret"\s*:/i);
}

/** ISO 8601 in UTC with a Z, as `Date.prototype.toISOString` writes it. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A public-looking https target; the address guard accepts names that do not resolve. */
export function hookUrl(path = 'hook'): string {
  return `https://hooks.example.com/${path}`;
}

export function webhookBody(websiteId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { url: hookUrl(), website_id: websiteId, version: 'v1.0', ...overrides };
}

export function chatAlertBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Checkout errors',
    events: [{ kind: 25, value: 'TypeError' }],
    provider: 'chat',
    chat_channel_id: 'C0123CHECKOUT',
    ...overrides,
  };
}

export function webhookAlertBody(webhookId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rage on pricing',
    events: [{ kind: 21, value: '5' }],
    provider: 'webhooks',
    webhook_id: webhookId,
    ...overrides,
  };
}

export interface WebhookJson {
  webhook_id: string;
  url: string;
  website: string;
  website_id: string;
  version: string;
  enabled: boolean;
  created_date: number;
  created_by: string;
}

export interface AlertJson {
  alert_id: string;
  name: string;
  events: { kind: number; value: string }[];
  provider: 'chat' | 'webhooks';
  chat_channel_id: string | null;
  webhook_id: string | null;
  enabled: boolean;
  creation_date: string;
}

/** Creates a webhook through the API and fails the test unless that answers 201. */
export async function createWebhook(
  ctx: TestContext,
  account: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<WebhookJson> {
  const response = await sendJson(
    ctx,
    account.token,
    'POST',
    '/v1/webhooks',
    webhookBody(account.websiteId, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  // The creation answer alone carries the signing secret; the rest of the suite compares with reads.
  const { secret, ...webhook } = response.json<WebhookJson & { secret: string }>();
  expect(secret).toMatch(/^whsec_/);
  return webhook;
}

/** Creates an alert through the API and fails the test unless that answers 201. */
export async function createAlert(
  ctx: TestContext,
  account: TestAccount,
  body: Record<string, unknown> = chatAlertBody(),
): Promise<AlertJson> {
  const response = await sendJson(ctx, account.token, 'POST', '/v1/alerts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AlertJson>();
}

export async function listAlerts(ctx: TestContext, account: TestAccount): Promise<AlertJson[]> {
  const response = await sendJson(ctx, account.token, 'GET', '/v1/alerts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertJson[]>();
}

export async function listWebhooks(ctx: TestContext, account: TestAccount): Promise<WebhookJson[]> {
  const response = await sendJson(ctx, account.token, 'GET', '/v1/webhooks');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookJson[]>();
}

/** A case of a table of requests the API must refuse with a 400. */
export interface BadBodyCase {
  name: string;
  body: unknown;
  param: string;
  code?: string;
}

/** Bodies the transport refuses before any route rule runs (decisions §1). */
export const UNREADABLE_BODIES: { name: string; payload: string; contentType: string; status: number; code: string }[] =
  [
    {
      name: 'invalid JSON',
      payload: '{"name": "x",',
      contentType: 'application/json',
      status: 400,
      code: 'invalid_json',
    },
    {
      // An empty JSON body is no body at all, which a route that needs one refuses.
      name: 'an empty body sent as JSON',
      payload: '',
      contentType: 'application/json',
      status: 400,
      code: 'invalid_type',
    },
    {
      name: 'a text/plain body',
      payload: '{"name": "x"}',
      contentType: 'text/plain',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a form body',
      payload: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a body over 1 MiB',
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      contentType: 'application/json',
      status: 413,
      code: 'body_too_large',
    },
  ];

/** JSON that parses but is not an object. */
export const NON_OBJECT_BODIES: { name: string; payload: string }[] = [
  { name: 'a JSON array', payload: '[]' },
  { name: 'a JSON string', payload: '"x"' },
  { name: 'JSON null', payload: 'null' },
];

/**
 * The body checks every JSON write route shares, as one test per case: bodies that cannot be read as JSON
 * (400 or 415) and JSON that is not an object (400). `route` is read when each test runs, once its suite's
 * fixtures exist.
 */
export function itRefusesUnreadableBodies(
  ctx: () => TestContext,
  route: () => { token: string; method: Method; url: string },
): void {
  it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
    const { token, method, url } = route();
    expectError(await sendRaw(ctx(), token, method, url, payload, contentType), status, {
      type: 'validation_error',
      code,
    });
  });

  it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
    const { token, method, url } = route();
    expectError(await sendRaw(ctx(), token, method, url, payload, 'application/json'), 400, {
      type: 'validation_error',
    });
  });
}

export interface RouteUnderTest<F> {
  method: Method;
  /** The route as people name it, such as `/v1/alerts/:id`. */
  pattern: string;
  path: (fixture: F) => string;
  scope: Scope;
  body?: (fixture: F) => unknown;
  /** Asserts that the refused requests left the addressed object as it was. */
  unchanged?: (fixture: F) => Promise<void>;
}

/**
 * A refused request changes nothing. Which requests each operation refuses (401 for every bad credential,
 * 403 naming the scope) is checked once for every operation in src/server/http/route-access.test.ts;
 * here each route that changes state gets those refusals against real objects (`setup` creates them),
 * then `unchanged` asserts they are as they were. The last request holds only the route's scope, so
 * list a deleting route last.
 */
export function describeRefusalsChangeNothing<F extends { account: TestAccount }>(
  ctx: () => TestContext,
  setup: () => Promise<F>,
  routes: RouteUnderTest<F>[],
): void {
  let fixture: F;
  beforeAll(async () => {
    fixture = await setup();
  });

  for (const route of routes) {
    describe(`${route.method} ${route.pattern}`, () => {
      const send = (token: string | null) => {
        const body = route.body?.(fixture);
        return ctx().request(token, {
          method: route.method,
          url: route.path(fixture),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
      };

      if (route.unchanged) {
        it('refused without a token or without its scope, and the refused requests changed nothing', async () => {
          expect((await send(null)).statusCode).toBe(401);
          const token = await fixture.account.tokenWith(SCOPES.filter((scope) => scope !== route.scope));
          expect((await send(token)).statusCode).toBe(403);
          await route.unchanged?.(fixture);
        });
      }

      it(`is answered for a token with only ${route.scope}`, async () => {
        const response = await send(await fixture.account.tokenWith([route.scope]));
        expect(response.statusCode, response.body).toBeLessThan(300);
      });
    });
  }
}
