/**
 * What the API tokens suites share: the token the routes answer with, and an account whose admin is signed in
 * before the suite's tests, with the token routes called as that admin and any token used as a bearer.
 */
import crypto from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import type { TestAccount, TestContext } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';

export interface TokenJson {
  token_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

export const TOKEN_FIELDS = [
  'created_at',
  'expires_at',
  'last_used_at',
  'name',
  'prefix',
  'revoked_at',
  'scopes',
  'token_id',
];
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A new account and its signed-in admin for the suite, and the token routes called as that admin. */
export function tokensApi(ctx: () => TestContext) {
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

  return {
    get account() {
      return account;
    },
    asAdmin,
    create,
    list,
    bearer,
  };
}
