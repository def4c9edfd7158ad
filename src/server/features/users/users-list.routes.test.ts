import { describe, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { createPerson } from '../../test/people.ts';
import { USER_FIELDS, type UserJson, peopleApi } from './users-routes-fixtures.ts';

describeApi('people API', (ctx) => {
  const people = peopleApi(ctx);
  const { asAdmin } = people;

  describe('GET /v1/users', () => {
    it("lists the account's people only, oldest first, without passwords or hashes", async () => {
      const other = await ctx().newAccount();
      const stranger = await createPerson(ctx().database.db, other.accountId, 'admin');
      const response = await asAdmin('GET', '/v1/users');
      expect(response.statusCode).toBe(200);
      const users = response.json<UserJson[]>();
      expect(users.map((user) => user.user_id)).toContain(people.admin.user.user_id);
      expect(users.map((user) => user.user_id)).not.toContain(stranger.user.user_id);
      for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
      const created = users.map((user) => user.created_at);
      expect(created).toEqual([...created].sort((a, b) => a - b));
      expect(response.body).not.toMatch(/argon2|password/i);
    });
  });
});
