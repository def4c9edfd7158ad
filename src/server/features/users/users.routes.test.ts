import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../api/schemas/common.ts';
import { expectError, expectSameErrorApartFromRequestId } from '../../test/api-helpers.ts';
import { type TestAccount, type TestContext, describeApi } from '../../test/harness.ts';
import {
  asPerson,
  createPerson,
  login,
  setPasswordWithLink,
  signIn,
  signedInPerson,
  uniqueEmail,
} from '../../test/people.ts';

interface UserJson {
  user_id: string;
  email: string;
  name: string;
  role: string;
  created_at: number;
}

const USER_FIELDS = ['created_at', 'email', 'name', 'role', 'user_id'];
const NEW_PASSWORD = 'correct horse battery staple';

interface CreatedUserJson {
  user: UserJson;
  set_password_url: string;
  set_password_expires_at: number;
}

describeApi('people API', (ctx) => {
  let account: TestAccount;
  let admin: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    account = await ctx().newAccount();
    admin = await signedInPerson(ctx(), account.accountId, 'admin');
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = admin.cookie) =>
    asPerson(ctx(), cookie, { method, url, ...(body === undefined ? {} : { body }) });

  async function listUsers(cookie = admin.cookie): Promise<UserJson[]> {
    const response = await asAdmin('GET', '/v1/users', undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserJson[]>();
  }

  async function addPerson(body: Record<string, unknown>, cookie = admin.cookie): Promise<CreatedUserJson> {
    const response = await asAdmin('POST', '/v1/users', body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedUserJson>();
  }

  describe('POST /v1/users', () => {
    it('adds a person: 201 with the user and a one-time link with which they set a password and sign in with the role', async () => {
      const email = uniqueEmail('analyst');
      const before = Math.floor(Date.now() / 1000);
      const response = await asAdmin('POST', '/v1/users', { email, name: '  Ada Analyst ', role: 'analyst' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<CreatedUserJson>();
      expect(Object.keys(body).sort()).toEqual(['set_password_expires_at', 'set_password_url', 'user']);
      expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
      expect(body.user).toMatchObject({ email, name: 'Ada Analyst', role: 'analyst' });
      expect(body.user.user_id).toMatch(/^usr_/);
      expect(body.user.created_at).toBeGreaterThanOrEqual(before);
      expect(body.user.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(body.set_password_url).toMatch(/^https?:\/\/[^/]+\/set-password#token=[0-9A-Za-z]{43}$/);
      expect(body.set_password_expires_at - before).toBeGreaterThanOrEqual(7 * 86_400);
      expect(body.set_password_expires_at - before).toBeLessThanOrEqual(7 * 86_400 + 5);
      expect(response.body).not.toContain('$argon2');

      const signedIn = await setPasswordWithLink(ctx(), body.set_password_url, NEW_PASSWORD);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json<{ user: UserJson; permissions: string[] }>()).toMatchObject({
        user: body.user,
        permissions: ['alerts:read', 'users.sessions:read', 'webhooks:read', 'websites:read'],
      });
      expect((await listUsers()).find((user) => user.user_id === body.user.user_id)).toEqual(body.user);
    });

    it('stores the e-mail lower-cased and names the person after it when no name is given', async () => {
      const email = uniqueEmail('Mixed.Case');
      const created = await addPerson({ email: email.toUpperCase(), role: 'support' });
      expect(created.user.email).toBe(email.toLowerCase());
      expect(created.user.name).toBe(email.toLowerCase().split('@')[0]);
      expect((await setPasswordWithLink(ctx(), created.set_password_url, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(ctx(), { email: email.toUpperCase(), password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it("gives every person a different link, and each link sets only its own person's password", async () => {
      const first = await addPerson({ email: uniqueEmail(), role: 'support' });
      const second = await addPerson({ email: uniqueEmail(), role: 'support' });
      expect(first.set_password_url).not.toBe(second.set_password_url);
      expect((await setPasswordWithLink(ctx(), second.set_password_url, NEW_PASSWORD)).statusCode).toBe(200);
      expectError(await login(ctx(), { email: first.user.email, password: NEW_PASSWORD }), 401, {
        type: 'authentication_error',
        code: 'invalid_credentials',
      });
      expect((await login(ctx(), { email: second.user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('refuses an e-mail already taken, in any case and in any account: 409 email_taken', async () => {
      const { user } = await addPerson({ email: uniqueEmail('taken'), role: 'support' });
      const countBefore = (await listUsers()).length;
      for (const email of [
        user.email,
        user.email.toUpperCase(),
        `${user.email[0]?.toUpperCase()}${user.email.slice(1)}`,
      ]) {
        const response = await asAdmin('POST', '/v1/users', { email, role: 'admin' });
        expectError(response, 409, { type: 'conflict_error', code: 'email_taken' });
      }
      // The admin's own e-mail, and a person of another account.
      expectError(await asAdmin('POST', '/v1/users', { email: admin.email, role: 'admin' }), 409, {
        type: 'conflict_error',
        code: 'email_taken',
      });
      const other = await ctx().newAccount();
      const stranger = await createPerson(ctx().database.db, other.accountId, 'support');
      expectError(await asAdmin('POST', '/v1/users', { email: stranger.email.toUpperCase(), role: 'support' }), 409, {
        type: 'conflict_error',
        code: 'email_taken',
      });
      expect((await listUsers()).length).toBe(countBefore);
      // The original person's password still works: nothing was overwritten.
      const strangerLogin = await login(ctx(), { email: stranger.email, password: stranger.password });
      expect(strangerLogin.statusCode).toBe(200);
      expect(strangerLogin.json<{ account: { account_id: string } }>().account.account_id).toBe(other.accountId);
    });

    it('answers simultaneous requests for one new e-mail with one 201 and 409 email_taken for the others (never a 500)', async () => {
      // Creating a person hashes the password (tens of milliseconds) between the e-mail check and the
      // insert, so concurrent requests all pass the check; the unique index must still answer as a 409.
      const email = uniqueEmail('race');
      const responses = await Promise.all(
        [1, 2, 3].map(() => asAdmin('POST', '/v1/users', { email, role: 'support' })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([201, 409, 409]);
      for (const response of responses.filter((candidate) => candidate.statusCode !== 201)) {
        expectError(response, 409, { type: 'conflict_error', code: 'email_taken' });
      }
      expect((await listUsers()).filter((user) => user.email === email)).toHaveLength(1);
    });

    it('validates the body: 400 naming the field', async () => {
      const cases: { body: Record<string, unknown>; param: string; code?: string }[] = [
        { body: { email: uniqueEmail(), role: 'owner' }, param: 'role', code: 'invalid_value' },
        { body: { email: uniqueEmail(), role: 'Admin' }, param: 'role', code: 'invalid_value' },
        { body: { email: uniqueEmail(), role: '' }, param: 'role' },
        { body: { email: uniqueEmail(), role: 1 }, param: 'role' },
        { body: { email: uniqueEmail() }, param: 'role', code: 'required' },
        { body: { role: 'support' }, param: 'email', code: 'required' },
        { body: { email: 'not-an-email', role: 'support' }, param: 'email' },
        { body: { email: uniqueEmail(), role: 'support', name: '' }, param: 'name' },
        { body: { email: uniqueEmail(), role: 'support', name: 'x'.repeat(101) }, param: 'name' },
        {
          body: { email: uniqueEmail(), role: 'support', password: 'chosen' },
          param: 'password',
          code: 'unknown_parameter',
        },
      ];
      const countBefore = (await listUsers()).length;
      for (const { body, param, code } of cases) {
        expectError(await asAdmin('POST', '/v1/users', body), 400, {
          type: 'validation_error',
          param,
          ...(code ? { code } : {}),
        });
      }
      expect((await listUsers()).length).toBe(countBefore);
    });
  });

  describe('GET /v1/users', () => {
    it("lists the account's people only, oldest first, without passwords or hashes", async () => {
      const other = await ctx().newAccount();
      const stranger = await createPerson(ctx().database.db, other.accountId, 'admin');
      const response = await asAdmin('GET', '/v1/users');
      expect(response.statusCode).toBe(200);
      const users = response.json<UserJson[]>();
      expect(users.map((user) => user.user_id)).toContain(admin.user.user_id);
      expect(users.map((user) => user.user_id)).not.toContain(stranger.user.user_id);
      for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
      const created = users.map((user) => user.created_at);
      expect(created).toEqual([...created].sort((a, b) => a - b));
      expect(response.body).not.toMatch(/argon2|password/i);
    });
  });

  describe('PUT /v1/users/:id', () => {
    it("changes a person's role and name, and their permissions change at their next request", async () => {
      const person = await signedInPerson(ctx(), account.accountId, 'support');
      const call = (url: string) => asPerson(ctx(), person.cookie, { method: 'GET', url });
      expectError(await call('/v1/alerts'), 403, { type: 'authorization_error', code: 'insufficient_scope' });

      const promoted = await asAdmin('PUT', `/v1/users/${person.user.user_id}`, { role: 'analyst', name: 'Sam' });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json<UserJson>()).toEqual({ ...person.user, role: 'analyst', name: 'Sam' });
      // Same cookie, no new sign-in.
      expect((await call('/v1/alerts')).statusCode).toBe(200);
      const me = await call('/v1/auth/me');
      expect(me.json<{ user: UserJson; permissions: string[] }>()).toMatchObject({
        user: { role: 'analyst', name: 'Sam' },
        permissions: ['alerts:read', 'users.sessions:read', 'webhooks:read', 'websites:read'],
      });
      expectError(await call('/v1/users'), 403, { type: 'authorization_error', message: 'Only an admin can do this' });

      const madeAdmin = await asAdmin('PUT', `/v1/users/${person.user.user_id}`, { role: 'admin' });
      expect(madeAdmin.statusCode).toBe(200);
      expect(madeAdmin.json<UserJson>().name).toBe('Sam');
      expect((await call('/v1/users')).statusCode).toBe(200);
      expect((await call('/v1/auth/me')).json<{ permissions: string[] }>().permissions).toEqual(
        [...SCOPES, 'account:admin'].sort(),
      );

      const demoted = await asAdmin('PUT', `/v1/users/${person.user.user_id}`, { role: 'support' });
      expect(demoted.statusCode).toBe(200);
      expectError(await call('/v1/users'), 403, { type: 'authorization_error', code: 'insufficient_scope' });
      expectError(await call('/v1/alerts'), 403, { type: 'authorization_error', code: 'insufficient_scope' });
      expect((await listUsers()).find((user) => user.user_id === person.user.user_id)?.role).toBe('support');
    });

    it('keeps what is not sent', async () => {
      const { user } = await addPerson({ email: uniqueEmail(), role: 'analyst', name: 'Keep Me' });
      const nameOnly = await asAdmin('PUT', `/v1/users/${user.user_id}`, { name: 'Kept' });
      expect(nameOnly.json<UserJson>()).toEqual({ ...user, name: 'Kept' });
      const empty = await asAdmin('PUT', `/v1/users/${user.user_id}`, {});
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json<UserJson>()).toEqual({ ...user, name: 'Kept' });
    });

    it('refuses a bad role or an unknown field with 400 and changes nothing', async () => {
      const { user } = await addPerson({ email: uniqueEmail(), role: 'analyst' });
      expectError(await asAdmin('PUT', `/v1/users/${user.user_id}`, { role: 'superuser' }), 400, {
        type: 'validation_error',
        param: 'role',
      });
      expectError(await asAdmin('PUT', `/v1/users/${user.user_id}`, { email: 'x@example.com' }), 400, {
        type: 'validation_error',
        code: 'unknown_parameter',
        param: 'email',
      });
      expect((await listUsers()).find((candidate) => candidate.user_id === user.user_id)).toEqual(user);
    });
  });

  describe('the last admin', () => {
    /** A fresh account whose only admin is signed in. */
    async function soleAdmin(ctxValue: TestContext) {
      const fresh = await ctxValue.newAccount();
      const only = await signedInPerson(ctxValue, fresh.accountId, 'admin');
      return { fresh, only };
    }

    it('cannot be demoted or deleted: 409 last_admin, and stays admin', async () => {
      const { fresh, only } = await soleAdmin(ctx());
      // Other people do not count: only admins do.
      await createPerson(ctx().database.db, fresh.accountId, 'analyst');
      for (const role of ['analyst', 'support']) {
        expectError(await asAdmin('PUT', `/v1/users/${only.user.user_id}`, { role }, only.cookie), 409, {
          type: 'conflict_error',
          code: 'last_admin',
        });
      }
      expectError(await asAdmin('DELETE', `/v1/users/${only.user.user_id}`, undefined, only.cookie), 409, {
        type: 'conflict_error',
        code: 'last_admin',
      });
      expect((await listUsers(only.cookie)).find((user) => user.user_id === only.user.user_id)?.role).toBe('admin');
      // Renaming, or "changing" the role to admin, is fine.
      const renamed = await asAdmin(
        'PUT',
        `/v1/users/${only.user.user_id}`,
        { name: 'Still Admin', role: 'admin' },
        only.cookie,
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await asAdmin('GET', '/v1/tokens', undefined, only.cookie)).statusCode).toBe(200);
    });

    it('can step down once another admin exists, and then the other one is the last', async () => {
      const { fresh, only } = await soleAdmin(ctx());
      const second = await createPerson(ctx().database.db, fresh.accountId, 'admin');
      const demoted = await asAdmin('PUT', `/v1/users/${only.user.user_id}`, { role: 'analyst' }, only.cookie);
      expect(demoted.statusCode, demoted.body).toBe(200);
      // The first admin is no admin any more, at once.
      expectError(await asAdmin('GET', '/v1/users', undefined, only.cookie), 403, {
        type: 'authorization_error',
        code: 'insufficient_scope',
      });
      const secondCookie = await signIn(ctx(), second.email, second.password);
      expectError(await asAdmin('PUT', `/v1/users/${second.user.user_id}`, { role: 'support' }, secondCookie), 409, {
        type: 'conflict_error',
        code: 'last_admin',
      });
      expectError(await asAdmin('DELETE', `/v1/users/${second.user.user_id}`, undefined, secondCookie), 409, {
        type: 'conflict_error',
        code: 'last_admin',
      });
      // Deleting one of two admins is allowed.
      const promoted = await asAdmin('PUT', `/v1/users/${only.user.user_id}`, { role: 'admin' }, secondCookie);
      expect(promoted.statusCode).toBe(200);
      const deleted = await asAdmin('DELETE', `/v1/users/${only.user.user_id}`, undefined, secondCookie);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expectError(await asAdmin('DELETE', `/v1/users/${second.user.user_id}`, undefined, secondCookie), 409, {
        type: 'conflict_error',
        code: 'last_admin',
      });
    });

    it("counts only the account's own admins: another account's admin does not make one spare", async () => {
      const { only } = await soleAdmin(ctx());
      // `account` (the suite's) has admins of its own; they must not count here.
      expectError(await asAdmin('PUT', `/v1/users/${only.user.user_id}`, { role: 'support' }, only.cookie), 409, {
        type: 'conflict_error',
        code: 'last_admin',
      });
    });
  });

  describe("another account's people", () => {
    it('answers their ids exactly as unknown ids (404), and leaves them alone', async () => {
      const other = await ctx().newAccount();
      const stranger = await signedInPerson(ctx(), other.accountId, 'support');
      for (const [method, body] of [
        ['PUT', { role: 'admin' }],
        ['DELETE', undefined],
      ] as const) {
        const theirs = await asAdmin(method, `/v1/users/${stranger.user.user_id}`, body);
        const unknown = await asAdmin(method, '/v1/users/usr_doesnotexist000000000000', body);
        expectError(theirs, 404, { type: 'not_found_error', code: 'not_found' });
        expectError(unknown, 404, { type: 'not_found_error', code: 'not_found' });
        expectSameErrorApartFromRequestId(unknown, theirs);
      }
      const me = await asPerson(ctx(), stranger.cookie, { method: 'GET', url: '/v1/auth/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ user: UserJson }>().user.role).toBe('support');
    });
  });

  describe('DELETE /v1/users/:id', () => {
    it('removes the person; their sign-in sessions stop working and their password no longer signs in', async () => {
      const person = await signedInPerson(ctx(), account.accountId, 'analyst');
      const secondCookie = await signIn(ctx(), person.email, person.password);
      for (const cookie of [person.cookie, secondCookie]) {
        expect((await asPerson(ctx(), cookie, { method: 'GET', url: '/v1/sessions' })).statusCode).toBe(200);
      }

      const response = await asAdmin('DELETE', `/v1/users/${person.user.user_id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ user_id: person.user.user_id, deleted: true });

      for (const cookie of [person.cookie, secondCookie]) {
        for (const url of ['/v1/auth/me', '/v1/sessions']) {
          expectError(await asPerson(ctx(), cookie, { method: 'GET', url }), 401, { type: 'authentication_error' });
        }
      }
      const sessions = await ctx()
        .database.db.selectFrom('login_sessions')
        .select('id_hash')
        .where('user_id', '=', person.user.user_id)
        .execute();
      expect(sessions).toEqual([]);
      expectError(await login(ctx(), { email: person.email, password: person.password }), 401, {
        type: 'authentication_error',
        code: 'invalid_credentials',
      });
      expect((await listUsers()).map((user) => user.user_id)).not.toContain(person.user.user_id);
      expectError(await asAdmin('DELETE', `/v1/users/${person.user.user_id}`), 404, { type: 'not_found_error' });
      expectError(await asAdmin('PUT', `/v1/users/${person.user.user_id}`, { role: 'admin' }), 404, {
        type: 'not_found_error',
      });

      // The e-mail is free again.
      const again = await addPerson({ email: person.email, role: 'support' });
      expect(again.user.user_id).not.toBe(person.user.user_id);
      expect((await setPasswordWithLink(ctx(), again.set_password_url, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(ctx(), { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('an admin may remove themselves while another admin remains; their cookie then stops working', async () => {
      const leaving = await signedInPerson(ctx(), account.accountId, 'admin');
      const response = await asAdmin('DELETE', `/v1/users/${leaving.user.user_id}`, undefined, leaving.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expectError(await asAdmin('GET', '/v1/users', undefined, leaving.cookie), 401, { type: 'authentication_error' });
      expect((await listUsers()).map((user) => user.user_id)).toContain(admin.user.user_id);
    });
  });
});

describeApi('people API: concurrent demotions', (ctx) => {
  it('never leave an account without an admin: of two admins demoting each other at once, one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const account = await ctx().newAccount();
      const first = await signedInPerson(ctx(), account.accountId, 'admin');
      const second = await signedInPerson(ctx(), account.accountId, 'admin');
      const responses = await Promise.all([
        asPerson(ctx(), first.cookie, {
          method: 'PUT',
          url: `/v1/users/${second.user.user_id}`,
          body: { role: 'analyst' },
        }),
        asPerson(ctx(), second.cookie, {
          method: 'PUT',
          url: `/v1/users/${first.user.user_id}`,
          body: { role: 'analyst' },
        }),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      // The loser is either refused as the last admin, or no longer an admin by the time it is checked (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await ctx()
        .database.db.selectFrom('users')
        .select('id')
        .where('account_id', '=', account.accountId)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    }
  });
});
