import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../api/schemas/common.ts';
import { createApiToken, revokeApiToken } from '../features/tokens/tokens.service.ts';
import { describeApi, type TestAccount, type TestContext } from '../test/harness.ts';

interface RouteCase {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  scope: Scope;
  body?: Record<string, unknown>;
  /** What the route answers once the scope is there (the body and ids here are deliberately empty or unknown). */
  withScope: number;
}

const ROUTES: RouteCase[] = [
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

function injectOptions(route: RouteCase, authorization?: string): InjectOptions {
  return {
    method: route.method,
    url: route.url,
    headers: authorization === undefined ? {} : { authorization },
    ...(route.body === undefined ? {} : { payload: route.body }),
  };
}

function expectEnvelope(
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

const nowSeconds = () => Math.floor(Date.now() / 1000);

describeApi('authentication and scopes', (ctx) => {
  for (const route of ROUTES) {
    it(`${route.operationId} (${route.method} ${route.url}) needs ${route.scope}: 403 naming it without, through with it`, async () => {
      const account = await ctx().newAccount();
      const without = await account.tokenWith(SCOPES.filter((scope) => scope !== route.scope));
      const denied = await ctx().app.inject(injectOptions(route, `Bearer ${without}`));
      const error = expectEnvelope(denied, 403, 'authorization_error', 'insufficient_scope');
      expect(error.message).toContain(route.scope);

      const only = await account.tokenWith([route.scope]);
      const allowed = await ctx().app.inject(injectOptions(route, `Bearer ${only}`));
      expect(allowed.statusCode, allowed.body).toBe(route.withScope);
    });
  }

  it('answers every route with 401 for a missing, malformed, unknown, revoked or expired credential', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const revoked = await createApiToken(db, { accountId: account.accountId, name: 'to revoke', scopes: [...SCOPES] });
    const beforeRevoke = await ctx().request(revoked.token, { method: 'GET', url: '/v1/websites' });
    expect(beforeRevoke.statusCode).toBe(200);
    expect(await revokeApiToken(db, account.accountId, revoked.summary.token_id)).toBe(true);
    const expired = await createApiToken(db, {
      accountId: account.accountId,
      name: 'expired',
      scopes: [...SCOPES],
      expiresAt: nowSeconds() - 60,
    });
    const unknown = `sa_${'A1b2C3d4E5'.repeat(4)}`;
    const credentials: [string, string | undefined][] = [
      ['no header', undefined],
      ['an empty header', ''],
      ['Basic credentials', 'Basic x'],
      ['Basic with a real token', `Basic ${account.token}`],
      ['Bearer alone', 'Bearer'],
      ['Bearer and a space', 'Bearer '],
      ['an unknown token without a scheme', unknown],
      ['a token with extra words', `Bearer ${account.token} extra`],
      ['an unknown sa_ token', `Bearer ${unknown}`],
      ['a truncated token', `Bearer ${account.token.slice(0, -1)}`],
      [
        'a token with one character changed',
        `Bearer ${account.token.slice(0, -1)}${account.token.endsWith('x') ? 'y' : 'x'}`,
      ],
      [
        'a token hash instead of the token',
        `Bearer ${crypto.createHash('sha256').update(account.token).digest('hex')}`,
      ],
      ['a revoked token', `Bearer ${revoked.token}`],
      ['an expired token', `Bearer ${expired.token}`],
    ];
    for (const route of ROUTES) {
      for (const [label, authorization] of credentials) {
        const response = await ctx().app.inject(injectOptions(route, authorization));
        expect(response.statusCode, `${route.operationId} with ${label}: ${response.body}`).toBe(401);
        expectEnvelope(response, 401, 'authentication_error');
      }
    }
    // The account's own token still works: the failures above are about the credential, not the account.
    expect((await ctx().request(account.token, { method: 'GET', url: '/v1/sessions' })).statusCode).toBe(200);
  });

  it('accepts the scheme case-insensitively', async () => {
    const account = await ctx().newAccount();
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await ctx().app.inject({
        method: 'GET',
        url: '/v1/websites',
        headers: { authorization: `${scheme} ${account.token}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
  });

  it('accepts a token until it expires', async () => {
    const account = await ctx().newAccount();
    const later = await createApiToken(ctx().database.db, {
      accountId: account.accountId,
      name: 'expires later',
      scopes: ['users.sessions:read'],
      expiresAt: nowSeconds() + 3600,
    });
    expect((await ctx().request(later.token, { method: 'GET', url: '/v1/sessions' })).statusCode).toBe(200);
  });

  it('stores tokens only as a hash', async () => {
    const account = await ctx().newAccount();
    const created = await createApiToken(ctx().database.db, {
      accountId: account.accountId,
      name: 'hashed',
      scopes: ['websites:read'],
    });
    expect(created.token).toMatch(/^sa_[0-9A-Za-z]{30,}$/);
    expect((await ctx().request(created.token, { method: 'GET', url: '/v1/websites' })).statusCode).toBe(200);
    const rows = await ctx().database.db.selectFrom('api_tokens').selectAll().execute();
    const row = rows.find((candidate) => candidate.id === created.summary.token_id);
    expect(row).toBeDefined();
    const secret = created.token.slice('sa_'.length);
    for (const stored of rows) {
      for (const [column, value] of Object.entries(stored)) {
        const text = String(value);
        expect(text, `api_tokens.${column}`).not.toContain(created.token);
        expect(text, `api_tokens.${column}`).not.toContain(secret);
        // Nor most of it: the readable prefix is the only part that may be kept.
        expect(text.includes(secret.slice(0, 20)) || text.includes(secret.slice(-20)), `api_tokens.${column}`).toBe(
          false,
        );
      }
    }
    expect(row?.token_hash).not.toBe(created.token);
    expect(created.token.startsWith(row?.prefix ?? '-')).toBe(true);
  });

  it('records last_used_at when a token is used', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const created = await createApiToken(db, {
      accountId: account.accountId,
      name: 'usage',
      scopes: ['users.sessions:read'],
    });
    const lastUsed = async () =>
      (
        await db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', created.summary.token_id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    const before = nowSeconds();
    expect((await ctx().request(created.token, { method: 'GET', url: '/v1/sessions' })).statusCode).toBe(200);
    const after = nowSeconds();
    const used = await lastUsed();
    expect(typeof used).toBe('number');
    expect(used).toBeGreaterThanOrEqual(before);
    expect(used).toBeLessThanOrEqual(after);
  });

  it('touches last_used_at of the token used only, not of other tokens of the account', async () => {
    const account = await ctx().newAccount();
    const db = ctx().database.db;
    const used = await createApiToken(db, { accountId: account.accountId, name: 'used', scopes: ['websites:read'] });
    const idle = await createApiToken(db, { accountId: account.accountId, name: 'idle', scopes: ['websites:read'] });
    expect((await ctx().request(used.token, { method: 'GET', url: '/v1/websites' })).statusCode).toBe(200);
    const rows = await db
      .selectFrom('api_tokens')
      .select(['id', 'last_used_at'])
      .where('id', 'in', [used.summary.token_id, idle.summary.token_id])
      .execute();
    expect(rows.find((row) => row.id === idle.summary.token_id)?.last_used_at).toBeNull();
    expect(rows.find((row) => row.id === used.summary.token_id)?.last_used_at).not.toBeNull();
  });
});

describeApi(
  'rate limit',
  (ctx) => {
    const get = (token: string, url = '/v1/sessions') => ctx().request(token, { method: 'GET', url });

    function expectBudgetHeaders(response: LightMyRequestResponse, remaining: number): void {
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(response.headers['ratelimit-remaining']).toBe(String(remaining));
      const reset = String(response.headers['ratelimit-reset']);
      expect(reset).toMatch(/^\d+$/);
      expect(Number(reset)).toBeLessThanOrEqual(60);
    }

    function expectLimited(response: LightMyRequestResponse): void {
      expectEnvelope(response, 429, 'rate_limit_error');
      const retryAfter = String(response.headers['retry-after']);
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(response.headers['x-request-id']).toMatch(/^req_/);
    }

    it('counts down in ratelimit-* headers and answers the 4th request with 429 and retry-after', async () => {
      const account: TestAccount = await ctx().newAccount();
      for (const remaining of [2, 1, 0]) {
        const response = await get(account.token);
        expect(response.statusCode).toBe(200);
        expectBudgetHeaders(response, remaining);
      }
      const limited = await get(account.token);
      expectLimited(limited);
      expect(limited.headers['ratelimit-limit']).toBe('3');
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      // Still limited afterwards, on every route.
      expectLimited(await get(account.token, '/v1/websites'));
    });

    it('shares one budget between the routes a token calls', async () => {
      const account = await ctx().newAccount();
      expect((await get(account.token, '/v1/sessions')).statusCode).toBe(200);
      expect((await get(account.token, '/v1/websites')).statusCode).toBe(200);
      expect((await get(account.token, '/v1/alerts')).statusCode).toBe(200);
      expectLimited(await get(account.token, '/v1/webhooks'));
    });

    it('gives a second token of the same account its own budget', async () => {
      const account = await ctx().newAccount();
      const second = await account.tokenWith(['users.sessions:read']);
      for (let i = 0; i < 3; i++) expect((await get(account.token)).statusCode).toBe(200);
      expectLimited(await get(account.token));
      const fresh = await get(second);
      expect(fresh.statusCode).toBe(200);
      expectBudgetHeaders(fresh, 2);
      expectLimited(await get(account.token));
    });

    it('keeps the budgets of different accounts apart', async () => {
      const first = await ctx().newAccount();
      const other = await ctx().newAccount();
      for (let i = 0; i < 4; i++) await get(first.token);
      const response = await get(other.token);
      expect(response.statusCode).toBe(200);
      expectBudgetHeaders(response, 2);
    });

    it('still answers 401 for a bad credential, and leaves health checks alone', async () => {
      const context: TestContext = ctx();
      for (let i = 0; i < 5; i++) {
        expect((await context.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expectEnvelope(await get(`sa_${'Z9'.repeat(20)}`), 401, 'authentication_error');
      }
    });
  },
  { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' },
);
