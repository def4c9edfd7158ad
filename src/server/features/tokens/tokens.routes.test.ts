import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectSameErrorApartFromRequestId } from '../../test/api-helpers.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';

interface TokenJson {
  token_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

const TOKEN_FIELDS = ['created_at', 'expires_at', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes', 'token_id'];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

describeApi('API tokens API', (ctx) => {
  let account: TestAccount;
  let cookie: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    cookie = (await signedInPerson(ctx(), account.accountId, 'admin')).cookie;
  });

  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as = cookie) =>
    asPerson(ctx(), as, { method, url, ...(body === undefined ? {} : { body }) });

  async function create(body: Record<string, unknown>): Promise<TokenJson & { token: string }> {
    const response = await asAdmin('POST', '/v1/tokens', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TokenJson & { token: string }>();
  }

  async function list(as = cookie): Promise<{ tokens: TokenJson[]; body: string }> {
    const response = await asAdmin('GET', '/v1/tokens', undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return { tokens: response.json<TokenJson[]>(), body: response.body };
  }

  const bearer = (token: string, url: string, method: 'GET' | 'POST' = 'GET') => ctx().request(token, { method, url });

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
      expect(row.account_id).toBe(account.accountId);
      expect(row.token_hash).toBe(sha256(created.token));
      for (const value of Object.values(row)) expect(String(value)).not.toContain(created.token);
    });

    it('the token authenticates API calls limited to its scopes', async () => {
      const created = await create({ name: 'reader', scopes: ['websites:read'] });
      const websites = await bearer(created.token, '/v1/websites');
      expect(websites.statusCode, websites.body).toBe(200);
      expect(websites.json<{ website_id: string }[]>().map((site) => site.website_id)).toEqual([account.websiteId]);
      for (const url of ['/v1/sessions', '/v1/alerts', '/v1/webhooks']) {
        expectError(await bearer(created.token, url), 403, { type: 'authorization_error', code: 'insufficient_scope' });
      }
      const me = await bearer(created.token, '/v1/auth/me');
      expect(me.json()).toMatchObject({
        account: { account_id: account.accountId },
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

  describe('GET /v1/tokens', () => {
    it('lists prefix, scopes, created_at and last_used_at (null before use, set after), never the token or its hash', async () => {
      const created = await create({ name: 'listed', scopes: ['alerts:read', 'webhooks:read'] });
      const first = await list();
      const listed = first.tokens.find((token) => token.token_id === created.token_id);
      expect(listed).toBeDefined();
      expect(Object.keys(listed ?? {}).sort()).toEqual(TOKEN_FIELDS);
      const { token, ...summary } = created;
      expect(listed).toEqual(summary);
      expect(listed?.last_used_at).toBeNull();
      expect(first.body).not.toContain(token);
      expect(first.body).not.toContain(token.slice(12));
      expect(first.body).not.toContain(sha256(token));
      for (const item of first.tokens) expect(item).not.toHaveProperty('token');

      const before = nowSeconds();
      expect((await bearer(token, '/v1/alerts')).statusCode).toBe(200);
      const after = nowSeconds();
      const used = (await list()).tokens.find((item) => item.token_id === created.token_id);
      expect(used?.last_used_at).toBeGreaterThanOrEqual(before);
      expect(used?.last_used_at).toBeLessThanOrEqual(after);
    });

    it("lists only the account's own tokens, oldest first", async () => {
      const other = await ctx().newAccount();
      const otherRow = await ctx()
        .database.db.selectFrom('api_tokens')
        .select('id')
        .where('account_id', '=', other.accountId)
        .executeTakeFirstOrThrow();
      const { tokens } = await list();
      expect(tokens.map((token) => token.token_id)).not.toContain(otherRow.id);
      const rows = await ctx()
        .database.db.selectFrom('api_tokens')
        .select('id')
        .where('account_id', '=', account.accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(tokens.map((token) => token.token_id)).toEqual(rows.map((row) => row.id));
    });
  });

  describe('DELETE /v1/tokens/:id', () => {
    it('revokes: 200, the token then gets 401, the list shows revoked_at; a second revoke is a 404', async () => {
      const created = await create({ name: 'to revoke', scopes: ['websites:read'] });
      expect((await bearer(created.token, '/v1/websites')).statusCode).toBe(200);
      const before = nowSeconds();
      const response = await asAdmin('DELETE', `/v1/tokens/${created.token_id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ token_id: created.token_id, revoked: true });
      expectError(await bearer(created.token, '/v1/websites'), 401, { type: 'authentication_error' });
      const listed = (await list()).tokens.find((token) => token.token_id === created.token_id);
      expect(listed?.revoked_at).toBeGreaterThanOrEqual(before);
      const again = await asAdmin('DELETE', `/v1/tokens/${created.token_id}`);
      expectError(again, 404, { type: 'not_found_error', code: 'not_found' });
      // The revocation time is not moved by the refused second revoke.
      expect((await list()).tokens.find((token) => token.token_id === created.token_id)?.revoked_at).toBe(
        listed?.revoked_at,
      );
    });

    it("answers an unknown id and another account's token id alike with 404, and leaves that token working", async () => {
      const other = await ctx().newAccount();
      const otherRow = await ctx()
        .database.db.selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', sha256(other.token))
        .executeTakeFirstOrThrow();
      const theirs = await asAdmin('DELETE', `/v1/tokens/${otherRow.id}`);
      const unknown = await asAdmin('DELETE', '/v1/tokens/tok_doesnotexist00000000000');
      expectError(theirs, 404, { type: 'not_found_error', code: 'not_found' });
      expectError(unknown, 404, { type: 'not_found_error', code: 'not_found' });
      expectSameErrorApartFromRequestId(unknown, theirs);
      expect((await bearer(other.token, '/v1/websites')).statusCode).toBe(200);
      const row = await ctx()
        .database.db.selectFrom('api_tokens')
        .select('revoked_at')
        .where('id', '=', otherRow.id)
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).toBeNull();
    });
  });

  describe('who may manage tokens', () => {
    it('refuses every API token, even one with all scopes, with 403 "Only an admin can do this"', async () => {
      const target = await create({ name: 'target', scopes: ['websites:read'] });
      const requests = [
        { method: 'GET' as const, url: '/v1/tokens' },
        { method: 'POST' as const, url: '/v1/tokens', body: { name: 'by token', scopes: ['websites:read'] } },
        { method: 'DELETE' as const, url: `/v1/tokens/${target.token_id}` },
      ];
      for (const { method, url, body } of requests) {
        const response = await ctx().request(account.token, {
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
        const person = await signedInPerson(ctx(), account.accountId, role);
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
