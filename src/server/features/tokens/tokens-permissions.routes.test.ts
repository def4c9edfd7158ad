import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { signedInPerson } from '../../test/people.ts';
import { tokensApi } from './tokens-routes-fixtures.ts';

describeApi('API tokens API', (ctx) => {
  const api = tokensApi(ctx);
  const { asAdmin, create, list, bearer } = api;

  describe('who may manage tokens', () => {
    it('refuses every API token, even one with all scopes, with 403 "Only an admin can do this"', async () => {
      const target = await create({ name: 'target', scopes: ['websites:read'] });
      const requests = [
        { method: 'GET' as const, url: '/v1/tokens' },
        { method: 'POST' as const, url: '/v1/tokens', body: { name: 'by token', scopes: ['websites:read'] } },
        { method: 'DELETE' as const, url: `/v1/tokens/${target.token_id}` },
      ];
      for (const { method, url, body } of requests) {
        const response = await ctx().request(api.account.token, {
          method,
          url,
          ...(body ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) } : {}),
        });
        expectError(response, 403, {
          type: 'authorization_error',
          code: 'insufficient_scope',
          param: null,
          message: 'Only an admin can do this',
        });
      }
      expect((await bearer(target.token, '/v1/websites')).statusCode).toBe(200);
      expect((await list()).tokens.filter((token) => token.name === 'by token')).toEqual([]);
    });

    it('refuses analysts and support people', async () => {
      for (const role of ['analyst', 'support'] as const) {
        const person = await signedInPerson(ctx(), api.account.accountId, role);
        expectError(await asAdmin('GET', '/v1/tokens', undefined, person.cookie), 403, {
          type: 'authorization_error',
          message: 'Only an admin can do this',
        });
        expectError(
          await asAdmin('POST', '/v1/tokens', { name: role, scopes: ['websites:read'] }, person.cookie),
          403,
          {
            type: 'authorization_error',
            message: 'Only an admin can do this',
          },
        );
      }
    });
  });
});
