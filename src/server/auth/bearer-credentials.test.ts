import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { createApiToken, revokeApiToken } from '../features/tokens/tokens.service.ts';
import { describeApi } from '../test/harness.ts';
import { ROUTES, expectEnvelope, injectOptions, nowSeconds } from './auth-fixtures.ts';

describeApi('authentication and scopes', (ctx) => {
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
});
