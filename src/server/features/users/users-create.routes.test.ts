import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { createPerson, login, setPasswordWithLink, uniqueEmail } from '../../test/people.ts';
import { type CreatedUserJson, NEW_PASSWORD, USER_FIELDS, type UserJson, peopleApi } from './users-routes-fixtures.ts';

describeApi('people API', (ctx) => {
  const people = peopleApi(ctx);
  const { asAdmin, listUsers, addPerson } = people;

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
      expectError(await asAdmin('POST', '/v1/users', { email: people.admin.email, role: 'admin' }), 409, {
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
});
