import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, SCOPES, type Role } from '../../api/schemas/common.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';
import { chatAlertBody, expectError, expectSameErrorApartFromRequestId, webhookBody } from '../test/api-helpers.ts';
import { SIGN_IN_ATTEMPTS_PER_ACCOUNT } from './sign-in-limits.ts';
import { type TestAccount, type TestContext, describeApi } from '../test/harness.ts';
import {
  APP_ORIGIN,
  EVIL_ORIGIN,
  asPerson,
  createPerson,
  login,
  sessionCookieOf,
  signIn,
  signedInPerson,
  uniqueEmail,
} from '../test/people.ts';

/** The role table of decisions §1 (analysts also read websites), written out rather than imported. */
const ROLE_TABLE: Record<Role, string[]> = {
  admin: [...SCOPES, 'account:admin'],
  analyst: ['alerts:read', 'users.sessions:read', 'webhooks:read', 'websites:read'],
  support: ['users.sessions:read', 'websites:read'],
};

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The attributes of the sa_session set-cookie line, keys lower-cased. */
function sessionCookieAttributes(response: LightMyRequestResponse): { value: string; attributes: Map<string, string> } {
  const line = setCookieLines(response).find((candidate) => candidate.startsWith('sa_session='));
  expect(line, 'a sa_session set-cookie').toBeDefined();
  const [pair = '', ...parts] = (line ?? '').split(';').map((part) => part.trim());
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const [key = '', ...rest] = part.split('=');
    attributes.set(key.toLowerCase(), rest.join('='));
  }
  return { value: pair.slice('sa_session='.length), attributes };
}

interface MeJson {
  account: { account_id: string; name: string };
  user: { user_id: string; email: string; name: string; role: string; created_at: number } | null;
  token_name: string | null;
  permissions: string[];
}

async function loginRowsFor(ctx: TestContext, userId: string) {
  return ctx.database.db.selectFrom('login_sessions').selectAll().where('user_id', '=', userId).execute();
}

describeApi('sign-in with e-mail and password', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  for (const role of ROLES) {
    it(`signs a ${role} in: 200 with me (account, user, exactly the role's permissions) and a session cookie`, async () => {
      const person = await createPerson(ctx().database.db, account.accountId, role);
      const before = Math.floor(Date.now() / 1000);
      const response = await login(ctx(), { email: person.email, password: person.password });
      expect(response.statusCode, response.body).toBe(200);
      const me = response.json<MeJson>();
      const accountRow = await ctx()
        .database.db.selectFrom('accounts')
        .selectAll()
        .where('id', '=', account.accountId)
        .executeTakeFirstOrThrow();
      expect(me).toEqual({
        account: { account_id: account.accountId, name: accountRow.name },
        user: {
          user_id: person.user.user_id,
          email: person.email,
          name: person.user.name,
          role,
          created_at: person.user.created_at,
        },
        token_name: null,
        permissions: [...ROLE_TABLE[role]].sort(),
      });

      const { value, attributes } = sessionCookieAttributes(response);
      expect(value).toMatch(/^[0-9A-Za-z]{30,}$/);
      expect(attributes.has('httponly')).toBe(true);
      expect(attributes.get('samesite')?.toLowerCase()).toBe('lax');
      expect(attributes.get('path')).toBe('/');
      expect(attributes.has('secure'), 'Secure, since PUBLIC_URL is https').toBe(true);
      const maxAge = Number(attributes.get('max-age'));
      expect(Number.isInteger(maxAge)).toBe(true);
      expect(maxAge).toBeGreaterThanOrEqual(3600);
      expect(maxAge).toBeLessThanOrEqual(90 * 86_400);

      // The server keeps a matching session whose expiry agrees with Max-Age.
      const rows = await loginRowsFor(ctx(), person.user.user_id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.account_id).toBe(account.accountId);
      expect(Number(rows[0]?.expires_at) - Number(rows[0]?.created_at)).toBe(maxAge);
      expect(Number(rows[0]?.created_at)).toBeGreaterThanOrEqual(before);
    });
  }

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const person = await createPerson(ctx().database.db, account.accountId, 'analyst', uniqueEmail('Mixed.Case'));
    expect(person.email).toBe(person.email.toLowerCase());
    for (const email of [person.email.toUpperCase(), `  ${person.email}  `, `\t${person.email.replace(/^m/, 'M')} `]) {
      const response = await login(ctx(), { email, password: person.password });
      expect(response.statusCode, `${JSON.stringify(email)}: ${response.body}`).toBe(200);
      expect(response.json<MeJson>().user?.user_id).toBe(person.user.user_id);
      expect(sessionCookieOf(response)).toBeDefined();
    }
  });

  it('creates people with e-mails stored lower-cased whatever case they were given in', async () => {
    const mixed = `Some.One-${crypto.randomBytes(3).toString('hex')}@Example.COM`;
    const person = await createPerson(ctx().database.db, account.accountId, 'support', `  ${mixed} `);
    expect(person.email).toBe(mixed.toLowerCase());
    expect((await login(ctx(), { email: mixed, password: person.password })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike: 401 invalid_credentials, no cookie, no session', async () => {
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const wrongPassword = await login(ctx(), { email: person.email, password: `${person.password}x` });
    const caseChangedPassword = await login(ctx(), {
      email: person.email,
      password:
        person.password.toUpperCase() === person.password
          ? person.password.toLowerCase()
          : person.password.toUpperCase(),
    });
    const unknownEmail = await login(ctx(), { email: uniqueEmail('nobody'), password: person.password });
    const first = expectError(wrongPassword, 401, {
      type: 'authentication_error',
      code: 'invalid_credentials',
      param: null,
    });
    const second = expectError(unknownEmail, 401, {
      type: 'authentication_error',
      code: 'invalid_credentials',
      param: null,
    });
    expectError(caseChangedPassword, 401, { type: 'authentication_error', code: 'invalid_credentials' });
    expect(second.message).toBe(first.message);
    for (const response of [wrongPassword, unknownEmail, caseChangedPassword]) {
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(await loginRowsFor(ctx(), person.user.user_id)).toHaveLength(0);
  });

  it('validates the login body: 400 naming the field', async () => {
    expectError(await login(ctx(), { email: 'a@example.com' }), 400, {
      type: 'validation_error',
      code: 'required',
      param: 'password',
    });
    expectError(await login(ctx(), { password: 'x' }), 400, {
      type: 'validation_error',
      code: 'required',
      param: 'email',
    });
    expectError(await login(ctx(), { email: 'a@example.com', password: 'x', remember: true }), 400, {
      type: 'validation_error',
      code: 'unknown_parameter',
      param: 'remember',
    });
    expectError(await login(ctx(), { email: 'a@example.com', password: '' }), 400, {
      type: 'validation_error',
      param: 'password',
    });
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
    expectError(await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me' }), 401, {
      type: 'authentication_error',
    });
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
    const cleared =
      attributes.get('max-age') === '0' || new Date(attributes.get('expires') ?? '').getTime() < Date.now();
    expect(cleared, 'the cookie is expired').toBe(true);

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

  it('stores the password only as an argon2id hash', async () => {
    const person = await createPerson(ctx().database.db, account.accountId, 'analyst');
    const row = await ctx()
      .database.db.selectFrom('users')
      .selectAll()
      .where('id', '=', person.user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    for (const [column, stored] of Object.entries(row)) {
      expect(String(stored), `users.${column}`).not.toContain(person.password);
    }
    expect(person.password.length).toBeGreaterThanOrEqual(16);
  });

  describe('same-origin checks', () => {
    const crossSite = (response: LightMyRequestResponse) =>
      expectError(response, 403, { type: 'authorization_error', code: 'cross_site_request', param: null });

    it('refuses a login without an origin, or from another origin, with 403 cross_site_request and no session', async () => {
      const person = await createPerson(ctx().database.db, account.accountId, 'admin');
      const body = { email: person.email, password: person.password };
      for (const response of [
        await login(ctx(), body, { origin: null }),
        await login(ctx(), body, { origin: EVIL_ORIGIN }),
        await login(ctx(), body, { origin: 'null' }),
        await login(ctx(), body, { origin: 'http://app.example.test' }),
        await login(ctx(), body, { origin: 'https://app.example.test.evil.example' }),
        await login(ctx(), body, { origin: null, headers: { referer: `${EVIL_ORIGIN}/login` } }),
        await login(ctx(), body, { origin: null, headers: { 'sec-fetch-site': 'cross-site' } }),
      ]) {
        crossSite(response);
        expect(sessionCookieOf(response)).toBeUndefined();
      }
      expect(await loginRowsFor(ctx(), person.user.user_id)).toHaveLength(0);

      const same = await login(ctx(), body, { origin: APP_ORIGIN });
      expect(same.statusCode, same.body).toBe(200);
      const byReferer = await login(ctx(), body, { origin: null, headers: { referer: `${APP_ORIGIN}/login?next=/` } });
      expect(byReferer.statusCode, byReferer.body).toBe(200);
    });

    it('refuses state-changing cookie requests without a same origin, and lets the same request through with it', async () => {
      const person = await signedInPerson(ctx(), account.accountId, 'admin');
      const db = ctx().database.db;
      const countAlerts = async () =>
        (await db.selectFrom('alerts').select('id').where('account_id', '=', account.accountId).execute()).length;
      const before = await countAlerts();
      for (const origin of [null, EVIL_ORIGIN]) {
        crossSite(
          await asPerson(ctx(), person.cookie, { method: 'POST', url: '/v1/alerts', body: chatAlertBody(), origin }),
        );
        crossSite(
          await asPerson(ctx(), person.cookie, {
            method: 'POST',
            url: '/v1/webhooks',
            body: webhookBody(account.websiteId),
            origin,
          }),
        );
        crossSite(
          await asPerson(ctx(), person.cookie, {
            method: 'POST',
            url: '/v1/users',
            body: { email: uniqueEmail('csrf'), role: 'admin' },
            origin,
          }),
        );
        crossSite(await asPerson(ctx(), person.cookie, { method: 'POST', url: '/v1/auth/logout', origin }));
      }
      expect(await countAlerts()).toBe(before);

      const created = await asPerson(ctx(), person.cookie, {
        method: 'POST',
        url: '/v1/alerts',
        body: chatAlertBody(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const alertId = created.json<{ alert_id: string }>().alert_id;
      for (const origin of [null, EVIL_ORIGIN]) {
        crossSite(
          await asPerson(ctx(), person.cookie, {
            method: 'PUT',
            url: `/v1/alerts/${alertId}`,
            body: { name: 'Hijacked' },
            origin,
          }),
        );
        crossSite(await asPerson(ctx(), person.cookie, { method: 'DELETE', url: `/v1/alerts/${alertId}`, origin }));
      }
      const list = await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/alerts', origin: EVIL_ORIGIN });
      // Reads are safe methods: no origin check (the SameSite cookie and no CORS protect them).
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ alert_id: string; name: string }[]>().find((alert) => alert.alert_id === alertId)?.name).toBe(
        'Checkout errors',
      );
      const updated = await asPerson(ctx(), person.cookie, {
        method: 'PUT',
        url: `/v1/alerts/${alertId}`,
        body: { name: 'Renamed' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const deleted = await asPerson(ctx(), person.cookie, { method: 'DELETE', url: `/v1/alerts/${alertId}` });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // The refused logouts did not end the session.
      expect((await asPerson(ctx(), person.cookie, { method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(200);
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
});

describeApi('sign-in rate limit per IP', (ctx) => {
  it('answers the 11th attempt within a minute from one IP with 429 and retry-after, whatever the password', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const ip = '203.0.113.77';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login(ctx(), { email: person.email, password: `wrong-${attempt}` }, { remoteAddress: ip });
      expectError(response, 401, { type: 'authentication_error', code: 'invalid_credentials' });
    }
    const limited = await login(ctx(), { email: person.email, password: person.password }, { remoteAddress: ip });
    expectError(limited, 429, { type: 'rate_limit_error' });
    const retryAfter = String(limited.headers['retry-after']);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(sessionCookieOf(limited)).toBeUndefined();
    // Still limited for that IP, even with an e-mail in another case.
    expectError(
      await login(ctx(), { email: person.email.toUpperCase(), password: person.password }, { remoteAddress: ip }),
      429,
      {
        type: 'rate_limit_error',
      },
    );

    // A client cannot claim another address: x-forwarded-for is not trusted.
    expectError(
      await login(
        ctx(),
        { email: person.email, password: person.password },
        { remoteAddress: ip, headers: { 'x-forwarded-for': '198.51.100.9' } },
      ),
      429,
      { type: 'rate_limit_error' },
    );

    // Another address has its own budget (another person: this one's e-mail has spent its own budget too).
    const colleague = await createPerson(ctx().database.db, account.accountId, 'analyst');
    const elsewhere = await login(
      ctx(),
      { email: colleague.email, password: colleague.password },
      { remoteAddress: '203.0.113.78' },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // Signed-in requests are not counted against the sign-in budget of the address.
    const cookie = sessionCookieOf(elsewhere) as string;
    const me = await ctx().app.inject({ method: 'GET', url: '/v1/auth/me', remoteAddress: ip, headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Roles: each role may call exactly the routes its scopes allow; admin-only routes refuse every API token.

type Permission = (typeof ROLE_TABLE)['admin'][number] | 'authenticated';

interface RoleFixture {
  account: TestAccount;
  ids: Record<string, string>;
}

interface RoleRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  permission: Permission;
  success: number;
  /** Creates what the route addresses (a real object, so a 403 is not a 404 in disguise). */
  prepare?: (ctx: TestContext, fixture: RoleFixture) => Promise<string>;
  url: (id: string) => string;
  body?: (fixture: RoleFixture) => unknown;
}

async function newWebhookId(ctx: TestContext, fixture: RoleFixture): Promise<string> {
  const response = await ctx.request(fixture.account.token, {
    method: 'POST',
    url: '/v1/webhooks',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(webhookBody(fixture.account.websiteId)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ webhook_id: string }>().webhook_id;
}

async function newAlertId(ctx: TestContext, fixture: RoleFixture): Promise<string> {
  const response = await ctx.request(fixture.account.token, {
    method: 'POST',
    url: '/v1/alerts',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(chatAlertBody()),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ alert_id: string }>().alert_id;
}

const ROLE_ROUTES: RoleRoute[] = [
  { name: 'getMe', method: 'GET', permission: 'authenticated', success: 200, url: () => '/v1/auth/me' },
  { name: 'getSessions', method: 'GET', permission: 'users.sessions:read', success: 200, url: () => '/v1/sessions' },
  {
    name: 'getSession',
    method: 'GET',
    permission: 'users.sessions:read',
    success: 200,
    prepare: async (ctx, { account }) => {
      const visitor = await insertVisitor(ctx.database.db, account.accountId);
      return (await insertSession(ctx.database.db, account.accountId, account.websiteId, visitor.id)).id;
    },
    url: (id) => `/v1/sessions/${id}`,
  },
  { name: 'listWebsites', method: 'GET', permission: 'websites:read', success: 200, url: () => '/v1/websites' },
  { name: 'listAlerts', method: 'GET', permission: 'alerts:read', success: 200, url: () => '/v1/alerts' },
  {
    name: 'createAlert',
    method: 'POST',
    permission: 'alerts:write',
    success: 201,
    url: () => '/v1/alerts',
    body: () => chatAlertBody(),
  },
  {
    name: 'updateAlert',
    method: 'PUT',
    permission: 'alerts:write',
    success: 200,
    prepare: newAlertId,
    url: (id) => `/v1/alerts/${id}`,
    body: () => ({ name: 'Renamed by role test' }),
  },
  {
    name: 'deleteAlert',
    method: 'DELETE',
    permission: 'alerts:write',
    success: 200,
    prepare: newAlertId,
    url: (id) => `/v1/alerts/${id}`,
  },
  { name: 'listWebhooks', method: 'GET', permission: 'webhooks:read', success: 200, url: () => '/v1/webhooks' },
  {
    name: 'createWebhook',
    method: 'POST',
    permission: 'webhooks:write',
    success: 201,
    url: () => '/v1/webhooks',
    body: ({ account }) => webhookBody(account.websiteId),
  },
  {
    name: 'updateWebhook',
    method: 'PUT',
    permission: 'webhooks:write',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}?version=v1.0`,
    body: ({ account }) => webhookBody(account.websiteId, { url: 'https://hooks.example.com/moved' }),
  },
  {
    name: 'deleteWebhook',
    method: 'DELETE',
    permission: 'webhooks:write',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}`,
  },
  {
    name: 'getWebhookSecret',
    method: 'GET',
    permission: 'account:admin',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}/secret`,
  },
  {
    name: 'rotateWebhookSecret',
    method: 'POST',
    permission: 'account:admin',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}/secret/rotate`,
  },
  { name: 'listTokens', method: 'GET', permission: 'account:admin', success: 200, url: () => '/v1/tokens' },
  {
    name: 'createToken',
    method: 'POST',
    permission: 'account:admin',
    success: 201,
    url: () => '/v1/tokens',
    body: () => ({ name: 'role test', scopes: ['websites:read'] }),
  },
  {
    name: 'revokeToken',
    method: 'DELETE',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) => {
      const token = await account.tokenWith(['websites:read']);
      const row = await ctx.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      return row.id;
    },
    url: (id) => `/v1/tokens/${id}`,
  },
  { name: 'listUsers', method: 'GET', permission: 'account:admin', success: 200, url: () => '/v1/users' },
  {
    name: 'createUser',
    method: 'POST',
    permission: 'account:admin',
    success: 201,
    url: () => '/v1/users',
    body: () => ({ email: uniqueEmail('new'), role: 'support' }),
  },
  {
    name: 'updateUser',
    method: 'PUT',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) =>
      (await createPerson(ctx.database.db, account.accountId, 'analyst')).user.user_id,
    url: (id) => `/v1/users/${id}`,
    body: () => ({ role: 'support' }),
  },
  {
    name: 'deleteUser',
    method: 'DELETE',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) =>
      (await createPerson(ctx.database.db, account.accountId, 'support')).user.user_id,
    url: (id) => `/v1/users/${id}`,
  },
];

/** Everything an account owns that a refused request could have changed. */
async function accountState(ctx: TestContext, accountId: string) {
  const db = ctx.database.db;
  return {
    alerts: await db.selectFrom('alerts').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    webhooks: await db.selectFrom('webhooks').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    tokens: await db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'scopes', 'revoked_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute(),
    users: await db.selectFrom('users').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
  };
}

describeApi('roles', (ctx) => {
  for (const role of ROLES) {
    describe(`a signed-in ${role}`, () => {
      let fixture: RoleFixture;
      let cookie: string;
      beforeAll(async () => {
        const account = await ctx().newAccount();
        fixture = { account, ids: {} };
        // Another admin, so an admin's own deletions never meet the last-admin rule.
        await createPerson(ctx().database.db, account.accountId, 'admin');
        cookie = (await signedInPerson(ctx(), account.accountId, role)).cookie;
      });

      for (const route of ROLE_ROUTES) {
        const allowed = route.permission === 'authenticated' || ROLE_TABLE[role].includes(route.permission);
        it(`${route.name} (${route.method}): ${allowed ? `${route.success}` : `403 insufficient_scope (${route.permission})`}`, async () => {
          const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
          const before = await accountState(ctx(), fixture.account.accountId);
          const response = await asPerson(ctx(), cookie, {
            method: route.method,
            url: route.url(id),
            ...(route.body ? { body: route.body(fixture) } : {}),
          });
          if (allowed) {
            expect(response.statusCode, response.body).toBe(route.success);
            return;
          }
          const error = expectError(response, 403, {
            type: 'authorization_error',
            code: 'insufficient_scope',
            param: null,
          });
          expect(error.message).toBe(
            route.permission === 'account:admin'
              ? 'Only an admin can do this'
              : `This request needs the ${route.permission} scope`,
          );
          expect(await accountState(ctx(), fixture.account.accountId)).toEqual(before);
        });
      }
    });
  }

  describe('API tokens', () => {
    let fixture: RoleFixture;
    beforeAll(async () => {
      fixture = { account: await ctx().newAccount(), ids: {} };
    });
    for (const route of ROLE_ROUTES.filter((candidate) => candidate.permission === 'account:admin')) {
      it(`${route.name} refuses a token with every scope: 403 "Only an admin can do this"`, async () => {
        const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
        const before = await accountState(ctx(), fixture.account.accountId);
        const body = route.body?.(fixture);
        const response = await ctx().request(fixture.account.token, {
          method: route.method,
          url: route.url(id),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
        expectError(response, 403, {
          type: 'authorization_error',
          code: 'insufficient_scope',
          param: null,
          message: 'Only an admin can do this',
        });
        expect(await accountState(ctx(), fixture.account.accountId)).toEqual(before);
      });
    }

    it('the all-scopes token can do everything that is not admin-only', async () => {
      for (const route of ROLE_ROUTES.filter((candidate) => candidate.permission !== 'account:admin')) {
        const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
        const body = route.body?.(fixture);
        const response = await ctx().request(fixture.account.token, {
          method: route.method,
          url: route.url(id),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
        expect(response.statusCode, `${route.name}: ${response.body}`).toBe(route.success);
      }
    });
  });
});

describeApi('sign-in rate limit per account', (ctx) => {
  /** Ten attempts spread over five addresses, then one from a sixth; the e-mail's budget is spent either way. */
  async function guessFromManyAddresses(
    email: string,
  ): Promise<{ refused: LightMyRequestResponse[]; limited: LightMyRequestResponse }> {
    const refused: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS_PER_ACCOUNT; attempt++) {
      const remoteAddress = `198.51.100.${10 + (attempt % 5)}`;
      refused.push(await login(ctx(), { email, password: `guess-${attempt}` }, { remoteAddress }));
    }
    const limited = await login(ctx(), { email, password: 'one more guess' }, { remoteAddress: '198.51.100.99' });
    return { refused, limited };
  }

  it('stops guesses against one e-mail spread over many addresses, even the right password, with a 429', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'admin');
    const { refused, limited } = await guessFromManyAddresses(person.email);
    for (const response of refused)
      expectError(response, 401, { type: 'authentication_error', code: 'invalid_credentials' });
    expectError(limited, 429, { type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // The right password, from a fresh address, in another case: still the same e-mail, still limited.
    const right = await login(
      ctx(),
      { email: person.email.toUpperCase(), password: person.password },
      { remoteAddress: '192.0.2.1' },
    );
    expectError(right, 429, { type: 'rate_limit_error', code: 'rate_limited' });
    expect(sessionCookieOf(right)).toBeUndefined();
    // Other people are not affected.
    const colleague = await createPerson(ctx().database.db, account.accountId, 'analyst');
    expect((await login(ctx(), { email: colleague.email, password: colleague.password })).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one: the same 401s, then the same 429', async () => {
    const account = await ctx().newAccount();
    const person = await createPerson(ctx().database.db, account.accountId, 'support');
    const known = await guessFromManyAddresses(person.email);
    const unknown = await guessFromManyAddresses(uniqueEmail('nobody'));
    known.refused.forEach((response, index) =>
      expectSameErrorApartFromRequestId(response, unknown.refused[index] as LightMyRequestResponse),
    );
    const knownError = expectError(known.limited, 429, { type: 'rate_limit_error' });
    const unknownError = expectError(unknown.limited, 429, { type: 'rate_limit_error' });
    expect(unknownError.code).toBe(knownError.code);
    expect(unknownError.message.replace(/\d+/g, 'N')).toBe(knownError.message.replace(/\d+/g, 'N'));
  });
});
