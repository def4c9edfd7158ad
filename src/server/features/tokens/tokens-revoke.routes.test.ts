import { describe, expect, it } from 'vitest';
import { expectError, expectSameErrorApartFromRequestId } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { nowSeconds, sha256, tokensApi } from './tokens-routes-fixtures.ts';

describeApi('API tokens API', (ctx) => {
  const api = tokensApi(ctx);
  const { asAdmin, create, list, bearer } = api;

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

    it('stops a token revoked by another process within a second', async () => {
      const created = await create({ name: 'revoked elsewhere', scopes: ['websites:read'] });
      expect((await bearer(created.token, '/v1/websites')).statusCode).toBe(200);
      // As the command line or another HTTP process would: straight in the table, this process untold.
      const revokedAt = performance.now();
      await ctx()
        .database.db.updateTable('api_tokens')
        .set({ revoked_at: nowSeconds() })
        .where('id', '=', created.token_id)
        .execute();
      const answers: number[] = [];
      while (performance.now() - revokedAt < 1_500) {
        const status = (await bearer(created.token, '/v1/websites')).statusCode;
        if (status === 401) break;
        answers.push(status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expectError(await bearer(created.token, '/v1/websites'), 401, { type: 'authentication_error' });
      expect(performance.now() - revokedAt).toBeLessThan(1_500);
      expect(answers.every((status) => status === 200)).toBe(true);
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
});
