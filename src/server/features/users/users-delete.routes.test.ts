import { describe, expect, it } from 'vitest';
import { expectError, expectSameErrorApartFromRequestId } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { asPerson, login, setPasswordWithLink, signIn, signedInPerson } from '../../test/people.ts';
import { NEW_PASSWORD, type UserJson, peopleApi } from './users-routes-fixtures.ts';

describeApi('people API', (ctx) => {
  const people = peopleApi(ctx);
  const { asAdmin, listUsers, addPerson } = people;

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
      const person = await signedInPerson(ctx(), people.account.accountId, 'analyst');
      const secondCookie = await signIn(ctx(), person.email, person.password);
      for (const cookie of [person.cookie, secondCookie]) {
        expect((await asPerson(ctx(), cookie, { method: 'GET', url: '/v1/sessions' })).statusCode).toBe(200);
      }

      const columns = {
        method: 'PUT' as const,
        url: '/v1/preferences/session-columns',
        body: { columns: { tags: true } },
      };
      expect((await asPerson(ctx(), person.cookie, columns)).statusCode).toBe(200);

      const response = await asAdmin('DELETE', `/v1/users/${person.user.user_id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ user_id: person.user.user_id, deleted: true });
      // Their choice of columns goes with them.
      const choices = await ctx()
        .database.db.selectFrom('session_column_choices')
        .select('owner_key')
        .where('owner_key', '=', `user:${person.user.user_id}`)
        .execute();
      expect(choices).toEqual([]);

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
      const leaving = await signedInPerson(ctx(), people.account.accountId, 'admin');
      const response = await asAdmin('DELETE', `/v1/users/${leaving.user.user_id}`, undefined, leaving.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expectError(await asAdmin('GET', '/v1/users', undefined, leaving.cookie), 401, { type: 'authentication_error' });
      expect((await listUsers()).map((user) => user.user_id)).toContain(people.admin.user.user_id);
    });
  });
});
