import { expect, it } from 'vitest';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { describeApi } from '../test/harness.ts';
import { nowSeconds } from './auth-fixtures.ts';

describeApi('authentication and scopes', (ctx) => {
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
