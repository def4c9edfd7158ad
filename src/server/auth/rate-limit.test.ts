import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeApi, type TestAccount, type TestContext } from '../test/harness.ts';
import { expectEnvelope } from './auth-fixtures.ts';

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
