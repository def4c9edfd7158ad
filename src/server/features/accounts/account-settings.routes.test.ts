import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';

describeApi('account settings API', (ctx) => {
  let account: TestAccount;
  let admin: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    account = await ctx().newAccount('Settings Shop');
    admin = await signedInPerson(ctx(), account.accountId, 'admin');
  });

  const asAdmin = (method: 'GET' | 'PUT', body?: unknown) =>
    asPerson(ctx(), admin.cookie, { method, url: '/v1/account', ...(body === undefined ? {} : { body }) });

  describe('GET /v1/account', () => {
    it("answers the account's settings, with addresses kept whole by default", async () => {
      const response = await asAdmin('GET');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ account_id: account.accountId, name: 'Settings Shop', ip_truncation: false });
    });
  });

  describe('PUT /v1/account', () => {
    it('switches IP truncation on and off, and the change is what GET answers next', async () => {
      const on = await asAdmin('PUT', { ip_truncation: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ ip_truncation: true });
      expect((await asAdmin('GET')).json()).toMatchObject({ ip_truncation: true });
      const off = await asAdmin('PUT', { ip_truncation: false });
      expect(off.json()).toMatchObject({ ip_truncation: false });
    });

    it('refuses an empty body, an unknown setting and a non-boolean with 400', async () => {
      expectError(await asAdmin('PUT', {}), 400, { type: 'validation_error' });
      expectError(await asAdmin('PUT', { recording: true }), 400, { type: 'validation_error' });
      expectError(await asAdmin('PUT', { ip_truncation: 'yes' }), 400, { type: 'validation_error' });
      expect((await asAdmin('GET')).statusCode).toBe(200);
    });

    it('is for admins only: other roles and API tokens get 403, no credentials 401', async () => {
      const analyst = await signedInPerson(ctx(), account.accountId, 'analyst');
      const byAnalyst = await asPerson(ctx(), analyst.cookie, {
        method: 'PUT',
        url: '/v1/account',
        body: { ip_truncation: true },
      });
      expectError(byAnalyst, 403, { type: 'authorization_error' });
      const byToken = await ctx().request(account.token, { method: 'GET', url: '/v1/account' });
      expectError(byToken, 403, { type: 'authorization_error' });
      expectError(await ctx().request(null, { method: 'GET', url: '/v1/account' }), 401, {
        type: 'authentication_error',
      });
      expect((await asAdmin('GET')).json()).toMatchObject({ ip_truncation: false });
    });

    it("changes only the caller's account", async () => {
      const other = await ctx().newAccount();
      const otherAdmin = await signedInPerson(ctx(), other.accountId, 'admin');
      await asPerson(ctx(), otherAdmin.cookie, { method: 'PUT', url: '/v1/account', body: { ip_truncation: true } });
      expect((await asAdmin('GET')).json()).toMatchObject({ ip_truncation: false });
    });
  });
});
