import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { TOKEN_FIELDS, nowSeconds, sha256, tokensApi } from './tokens-routes-fixtures.ts';

describeApi('API tokens API', (ctx) => {
  const api = tokensApi(ctx);
  const { asAdmin, create, list, bearer } = api;

  describe('POST /v1/tokens', () => {
    it('creates a token: 201 with the token itself, shown this once', async () => {
      const before = nowSeconds();
      const created = await create({ name: '  CI export  ', scopes: ['websites:read', 'users.sessions:read'] });
      expect(Object.keys(created).sort()).toEqual([...TOKEN_FIELDS, 'token'].sort());
      expect(created.token).toMatch(/^sa_[0-9A-Za-z]{40}$/);
      expect(created.token_id).toMatch(/^tok_/);
      expect(created.name).toBe('CI export');
      expect(created.scopes).toEqual(['websites:read', 'users.sessions:read']);
      expect(created.prefix.startsWith('sa_')).toBe(true);
      expect(created.token.startsWith(created.prefix)).toBe(true);
      expect(created.prefix.length).toBeLessThanOrEqual(12);
      expect(created.created_at).toBeGreaterThanOrEqual(before);
      expect(created).toMatchObject({ last_used_at: null, expires_at: null, revoked_at: null });

      // Stored only as a hash.
      const row = await ctx()
        .database.db.selectFrom('api_tokens')
        .selectAll()
        .where('id', '=', created.token_id)
        .executeTakeFirstOrThrow();
      expect(row.account_id).toBe(api.account.accountId);
      expect(row.token_hash).toBe(sha256(created.token));
      for (const value of Object.values(row)) expect(String(value)).not.toContain(created.token);
    });

    it('the token authenticates API calls limited to its scopes', async () => {
      const created = await create({ name: 'reader', scopes: ['websites:read'] });
      const websites = await bearer(created.token, '/v1/websites');
      expect(websites.statusCode, websites.body).toBe(200);
      expect(websites.json<{ website_id: string }[]>().map((site) => site.website_id)).toEqual([api.account.websiteId]);
      for (const url of ['/v1/sessions', '/v1/alerts', '/v1/webhooks']) {
        expectError(await bearer(created.token, url), 403, { type: 'authorization_error', code: 'insufficient_scope' });
      }
      const me = await bearer(created.token, '/v1/auth/me');
      expect(me.json()).toMatchObject({
        account: { account_id: api.account.accountId },
        user: null,
        token_name: 'reader',
        permissions: ['websites:read'],
      });
      // Tokens never manage tokens, whatever they were given.
      expectError(await bearer(created.token, '/v1/tokens'), 403, {
        type: 'authorization_error',
        message: 'Only an admin can do this',
      });
    });

    it('refuses unknown, admin, empty, duplicate or missing scopes with 400 on scopes', async () => {
      const { tokens: before } = await list();
      const cases: { scopes: unknown; param: string; code?: string }[] = [
        { scopes: ['sessions:read'], param: 'scopes.0', code: 'invalid_value' },
        { scopes: ['websites:read', 'nope'], param: 'scopes.1', code: 'invalid_value' },
        { scopes: ['account:admin'], param: 'scopes.0', code: 'invalid_value' },
        { scopes: ['WEBSITES:READ'], param: 'scopes.0', code: 'invalid_value' },
        { scopes: [], param: 'scopes', code: 'too_few_items' },
        { scopes: 'websites:read', param: 'scopes', code: 'invalid_type' },
        { scopes: ['websites:read', 'websites:read'], param: 'scopes' },
      ];
      for (const { scopes, param, code } of cases) {
        const response = await asAdmin('POST', '/v1/tokens', { name: 'bad', scopes });
        expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
      }
      expectError(await asAdmin('POST', '/v1/tokens', { name: 'no scopes' }), 400, {
        type: 'validation_error',
        code: 'required',
        param: 'scopes',
      });
      expect((await list()).tokens).toEqual(before);
    });

    it('refuses a missing, blank or too long name and unknown fields', async () => {
      const scopes = ['websites:read'];
      expectError(await asAdmin('POST', '/v1/tokens', { scopes }), 400, {
        type: 'validation_error',
        code: 'required',
        param: 'name',
      });
      expectError(await asAdmin('POST', '/v1/tokens', { name: '   ', scopes }), 400, {
        type: 'validation_error',
        param: 'name',
      });
      expectError(await asAdmin('POST', '/v1/tokens', { name: 'x'.repeat(101), scopes }), 400, {
        type: 'validation_error',
        param: 'name',
      });
      expectError(await asAdmin('POST', '/v1/tokens', { name: 'x', scopes, token: `sa_${'A'.repeat(40)}` }), 400, {
        type: 'validation_error',
        code: 'unknown_parameter',
        param: 'token',
      });
    });

    it('sets expires_at from expires_in_days, and refuses out-of-range values', async () => {
      const before = nowSeconds();
      const created = await create({ name: 'month', scopes: ['websites:read'], expires_in_days: 30 });
      const after = nowSeconds();
      expect(created.expires_at).toBeGreaterThanOrEqual(before + 30 * 86_400);
      expect(created.expires_at).toBeLessThanOrEqual(after + 30 * 86_400);
      expect(created.expires_at).toBe(created.created_at + 30 * 86_400);
      expect((await list()).tokens.find((token) => token.token_id === created.token_id)?.expires_at).toBe(
        created.expires_at,
      );
      expect((await bearer(created.token, '/v1/websites')).statusCode).toBe(200);

      for (const days of [0, -1, 3651, 1.5, '7']) {
        expectError(
          await asAdmin('POST', '/v1/tokens', { name: 'bad expiry', scopes: ['websites:read'], expires_in_days: days }),
          400,
          {
            type: 'validation_error',
            param: 'expires_in_days',
          },
        );
      }
    });

    it('an expired token gets 401', async () => {
      const created = await create({ name: 'short', scopes: ['websites:read'], expires_in_days: 1 });
      await ctx()
        .database.db.updateTable('api_tokens')
        .set({ expires_at: nowSeconds() - 1 })
        .where('id', '=', created.token_id)
        .execute();
      expectError(await bearer(created.token, '/v1/websites'), 401, { type: 'authentication_error' });
    });
  });
});
