import { describe, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { TOKEN_FIELDS, nowSeconds, sha256, tokensApi } from './tokens-routes-fixtures.ts';

describeApi('API tokens API', (ctx) => {
  const api = tokensApi(ctx);
  const { create, list, bearer } = api;

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
        .where('account_id', '=', api.account.accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(tokens.map((token) => token.token_id)).toEqual(rows.map((row) => row.id));
    });
  });
});
