import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../../api/schemas/common.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { asPerson, signedInPerson, uniqueEmail } from '../../test/people.ts';
import { type UserJson, peopleApi } from './users-routes-fixtures.ts';

describeApi('people API', (ctx) => {
  const people = peopleApi(ctx);
  const { asAdmin, listUsers, addPerson } = people;

  describe('PUT /v1/users/:id', () => {
    it("changes a person's role and name, and their permissions change at their next request", async () => {
      const person = await signedInPerson(ctx(), people.account.accountId, 'support');
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
});
