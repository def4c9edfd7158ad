/**
 * What the people API suites share: the User the routes answer with, and an account whose admin is signed
 * in before the suite's tests, with requests made as that admin (or as another person, given their cookie).
 */
import { beforeAll, expect } from 'vitest';
import type { TestAccount, TestContext } from '../../test/harness.ts';
import { asPerson, signedInPerson } from '../../test/people.ts';

export interface UserJson {
  user_id: string;
  email: string;
  name: string;
  role: string;
  created_at: number;
}

export const USER_FIELDS = ['created_at', 'email', 'name', 'role', 'user_id'];
export const NEW_PASSWORD = 'correct horse battery staple';

export interface CreatedUserJson {
  user: UserJson;
  set_password_url: string;
  set_password_expires_at: number;
}

/** A new account and its signed-in admin for the suite, and the people routes called as that admin. */
export function peopleApi(ctx: () => TestContext) {
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

  return {
    get account() {
      return account;
    },
    get admin() {
      return admin;
    },
    asAdmin,
    listUsers,
    addPerson,
  };
}
