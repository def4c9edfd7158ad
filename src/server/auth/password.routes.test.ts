import { expect, it } from 'vitest';
import { createUser } from '../features/users/users.service.ts';
import { describeApi } from '../test/harness.ts';

const ORIGIN = 'https://app.example.test';

describeApi('PUT /v1/me/password', (ctx) => {
  async function person() {
    const account = await ctx().newAccount();
    const email = `pw-${account.accountId}@example.com`;
    const { password } = await createUser(ctx().database.db, account.accountId, {
      email,
      role: 'support',
      name: 'Pat',
    });
    return { account, email, password };
  }

  async function signIn(email: string, password: string) {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ email, password }),
    });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      cookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '',
    };
  }

  const change = (cookie: string, body: unknown) =>
    ctx().app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      payload: JSON.stringify(body),
    });
  const me = (cookie: string) => ctx().app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } });

  it('changes the password with the current one, keeps this sign-in and ends the others', async () => {
    const { email, password } = await person();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);

    const response = await change(here.cookie, { current_password: password, new_password: 'a long new passphrase' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: true, other_sessions_signed_out: 1 });
    expect(response.body).not.toContain('passphrase');

    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'a long new passphrase')).status).toBe(200);
  });

  it('refuses a wrong current password on its field, without signing the person out', async () => {
    const { email, password } = await person();
    const { cookie } = await signIn(email, password);
    const response = await change(cookie, { current_password: 'not it', new_password: 'a long new passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'wrong_password', param: 'current_password' } });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a short or unchanged new password with a 400 on new_password', async () => {
    const { email, password } = await person();
    const { cookie } = await signIn(email, password);
    for (const next of ['short', password]) {
      const response = await change(cookie, { current_password: password, new_password: next });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'validation_error', param: 'new_password' } });
    }
  });

  it('is for people only: an API token gets a 403', async () => {
    const { account } = await person();
    const response = await ctx().request(account.token, {
      method: 'PUT',
      url: '/v1/me/password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ current_password: 'x', new_password: 'a long new passphrase' }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('limits attempts per sign-in with a 429', async () => {
    const { email, password } = await person();
    const { cookie } = await signIn(email, password);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push(
        (await change(cookie, { current_password: 'wrong', new_password: 'a long new passphrase' })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });
});
