import { beforeAll, expect, it } from 'vitest';
import { chatAlertBody } from '../test/alerts-and-webhooks.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestAccount, describeApi } from '../test/harness.ts';
import { APP_ORIGIN, asPerson, signIn, signedInPerson } from '../test/people.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';
import {
  type MeJson,
  ROLE_TABLE,
  clearsCookie,
  loginRowsFor,
  sessionCookieAttributes,
  sha256,
} from './test-support/sign-in-checks.ts';

describeApi('the session cookie of a signed-in person', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  it('authenticates later requests with the cookie: GET /v1/auth/me, /v1/sessions, /v1/websites', async () => {
    const person = await signedInPerson(ctx(), account.accountId, 'support');
    const me = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me', origin: null });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<MeJson>()).toMatchObject({
      account: { account_id: account.accountId },
      user: { user_id: person.user.user_id, email: person.email, role: 'support' },
      token_name: null,
      permissions: ROLE_TABLE.support,
    });

    const visitor = await insertVisitor(ctx().database.db, account.accountId);
    const session = await insertSession(ctx().database.db, account.accountId, account.websiteId, visitor.id);
    const sessions = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/sessions', origin: null });
    expect(sessions.statusCode, sessions.body).toBe(200);
    const listed = sessions.json<{ sessions: { id: string }[]; total: number }>();
    expect(listed.sessions.map((item) => item.id)).toContain(session.id);

    const websites = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/websites', origin: null });
    expect(websites.statusCode, websites.body).toBe(200);
    expect(websites.json<{ website_id: string }[]>().map((site) => site.website_id)).toEqual([account.websiteId]);
  });

  it('refuses a garbage, a forged and an empty cookie with 401', async () => {
    const forged = `sa_session=${'A'.repeat(43)}`;
    for (const cookie of [
      'sa_session=garbage',
      'sa_session=%00%01',
      forged,
      'sa_session=',
      `sa_session=${'A'.repeat(500)}`,
    ]) {
      const response = await asPerson(ctx(), cookie, { method: 'GET', url: '/v1/auth/me', origin: null });
      expectError(response, 401, { type: 'authentication_error' });
    }
  });

  it('refuses a cookie whose session has expired', async () => {
    const person = await signedInPerson(ctx(), account.accountId, 'analyst');
    expect((await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(200);
    await ctx()
      .database.db.updateTable('login_sessions')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('user_id', '=', person.user.user_id)
      .execute();
    const expired = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me' });
    expectError(expired, 401, { type: 'authentication_error' });
    // The browser forgets both cookies, so its next visit opens the sign-in page without asking.
    expect(clearsCookie(sessionCookieAttributes(expired).attributes)).toBe(true);
    expect(clearsCookie(sessionCookieAttributes(expired, 'sa_signed_in').attributes)).toBe(true);
  });

  it('logs out: the session ends on the server, the cookie is cleared, the old cookie gets 401', async () => {
    const person = await signedInPerson(ctx(), account.accountId, 'admin');
    const other = await signIn(ctx(), person.email, person.password);
    expect(await loginRowsFor(ctx(), person.user.user_id)).toHaveLength(2);

    const response = await asPerson(ctx(), person.cookie, { method: 'POST', url: '/v1/auth/logout' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signed_out: true });
    const { value, attributes } = sessionCookieAttributes(response);
    expect(value).toBe('');
    expect(clearsCookie(attributes), 'the cookie is expired').toBe(true);
    const companion = sessionCookieAttributes(response, 'sa_signed_in');
    expect(companion.value).toBe('');
    expect(clearsCookie(companion.attributes), 'its readable companion is expired').toBe(true);

    for (const url of ['/v1/auth/me', '/v1/sessions', '/v1/websites']) {
      expectError(await asPerson(ctx(), person.cookie, { method: 'GET', url }), 401, { type: 'authentication_error' });
    }
    // Only that sign-in ended: the person's other session still works.
    expect(await loginRowsFor(ctx(), person.user.user_id)).toHaveLength(1);
    expect((await asPerson(ctx(), other, { method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(200);
  });

  it('answers logout without a cookie with 200 and changes nothing', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { origin: APP_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signed_out: true });
  });

  it('stores only a hash of the session cookie', async () => {
    const person = await signedInPerson(ctx(), account.accountId, 'support');
    const value = person.cookie.slice('sa_session='.length);
    const rows = await ctx().database.db.selectFrom('login_sessions').selectAll().execute();
    const mine = rows.filter((row) => row.user_id === person.user.user_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.id_hash).toBe(sha256(value));
    for (const row of rows) {
      for (const [column, stored] of Object.entries(row)) {
        expect(String(stored), `login_sessions.${column}`).not.toContain(value);
        expect(String(stored), `login_sessions.${column}`).not.toContain(value.slice(0, 20));
      }
    }
  });

  it('uses a bearer token sent along with a cookie: the token decides, not the person', async () => {
    const support = await signedInPerson(ctx(), account.accountId, 'support');
    const alertsToken = await account.tokenWith(['alerts:read', 'alerts:write']);
    // The support person alone may not read alerts.
    expectError(await asPerson(ctx(), support.cookie, { method: 'GET', url: '/v1/alerts' }), 403, {
      type: 'authorization_error',
      code: 'insufficient_scope',
    });
    const withToken = { authorization: `Bearer ${alertsToken}` };
    expect(
      (await asPerson(ctx(), support.cookie, { method: 'GET', url: '/v1/alerts', headers: withToken })).statusCode,
    ).toBe(200);
    const me = await asPerson(ctx(), support.cookie, { method: 'GET', url: '/v1/auth/me', headers: withToken });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<MeJson>()).toMatchObject({ user: null, permissions: ['alerts:read', 'alerts:write'] });
    expect(me.json<MeJson>().token_name).toEqual(expect.any(String));
    // And the token's limits hold even where the person could: support reads sessions, this token cannot.
    expectError(
      await asPerson(ctx(), support.cookie, { method: 'GET', url: '/v1/sessions', headers: withToken }),
      403,
      {
        type: 'authorization_error',
        code: 'insufficient_scope',
        message: 'users.sessions:read',
      },
    );
    // A token request is not a browser's ambient credential: no origin check applies.
    const created = await asPerson(ctx(), support.cookie, {
      method: 'POST',
      url: '/v1/alerts',
      body: chatAlertBody(),
      headers: withToken,
      origin: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    // A bad token is not rescued by a good cookie.
    expectError(
      await asPerson(ctx(), support.cookie, {
        method: 'GET',
        url: '/v1/websites',
        headers: { authorization: `Bearer sa_${'Q'.repeat(40)}` },
      }),
      401,
      { type: 'authentication_error' },
    );
    // An admin's cookie does not lend a token admin rights.
    const admin = await signedInPerson(ctx(), account.accountId, 'admin');
    expectError(
      await asPerson(ctx(), admin.cookie, {
        method: 'GET',
        url: '/v1/users',
        headers: { authorization: `Bearer ${account.token}` },
      }),
      403,
      { type: 'authorization_error', code: 'insufficient_scope', message: 'Only an admin can do this' },
    );
  });
});
