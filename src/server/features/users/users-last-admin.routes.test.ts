import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { type TestContext, describeApi } from '../../test/harness.ts';
import { asPerson, createPerson, signIn, signedInPerson } from '../../test/people.ts';
import { peopleApi } from './users-routes-fixtures.ts';

describeApi('people API', (ctx) => {
  const { asAdmin, listUsers } = peopleApi(ctx);

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
