import { beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../test/harness.ts';
import {
  asPerson,
  createPerson,
  login,
  sessionCookieOf,
  setPasswordWithLink,
  signIn,
  signedInPerson,
  uniqueEmail,
} from '../../test/people.ts';

const NEW_PASSWORD = 'a long enough passphrase';

interface LinkJson {
  set_password_url: string;
  set_password_expires_at: number;
}

describeApi('set-password links', (ctx) => {
  let account: TestAccount;
  let admin: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    account = await ctx().newAccount();
    admin = await signedInPerson(ctx(), account.accountId, 'admin');
  });

  async function addPerson(role = 'support'): Promise<{ user: { user_id: string; email: string } } & LinkJson> {
    const response = await asPerson(ctx(), admin.cookie, {
      method: 'POST',
      url: '/v1/users',
      body: { email: uniqueEmail(role), role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function newLink(userId: string, cookie = admin.cookie) {
    return asPerson(ctx(), cookie, { method: 'POST', url: `/v1/users/${userId}/password-link` });
  }

  it('signs the person in with the password they chose, and the link works only once', async () => {
    const created = await addPerson('analyst');
    const first = await setPasswordWithLink(ctx(), created.set_password_url, NEW_PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ user: { email: created.user.email, role: 'analyst' } });
    const cookie = sessionCookieOf(first);
    expect(cookie).toBeDefined();
    const me = await asPerson(ctx(), cookie as string, { method: 'GET', url: '/v1/auth/me' });
    expect(me.json()).toMatchObject({ user: { user_id: created.user.user_id } });

    expectError(await setPasswordWithLink(ctx(), created.set_password_url, 'another passphrase'), 400, {
      type: 'validation_error',
      code: 'invalid_link',
      param: 'token',
    });
    expect((await login(ctx(), { email: created.user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('takes one of two simultaneous uses of a link', async () => {
    const created = await addPerson();
    const responses = await Promise.all([
      setPasswordWithLink(ctx(), created.set_password_url, 'first passphrase!'),
      setPasswordWithLink(ctx(), created.set_password_url, 'second passphrase'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winner = responses.findIndex((response) => response.statusCode === 200);
    const password = winner === 0 ? 'first passphrase!' : 'second passphrase';
    expect((await login(ctx(), { email: created.user.email, password })).statusCode).toBe(200);
  });

  it('refuses a short password with 400 naming it, and the link still works afterwards', async () => {
    const created = await addPerson();
    expectError(await setPasswordWithLink(ctx(), created.set_password_url, 'short'), 400, {
      type: 'validation_error',
      param: 'new_password',
    });
    expect((await setPasswordWithLink(ctx(), created.set_password_url, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses made-up, malformed and empty tokens alike', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '../../etc', '0'.repeat(100)]) {
      expectError(await setPasswordWithLink(ctx(), `http://localhost/set-password#token=${token}`, NEW_PASSWORD), 400, {
        type: 'validation_error',
        param: 'token',
      });
    }
  });

  it('lets an admin issue a new link: the old one stops working, the current password works until the new link is used, then every other sign-in ends', async () => {
    const person = await createPerson(ctx().database.db, account.accountId, 'support');
    const elsewhere = await signIn(ctx(), person.email, person.password);
    const issued = await newLink(person.user.user_id);
    expect(issued.statusCode, issued.body).toBe(201);
    const first = issued.json<LinkJson>();
    expect(Object.keys(first).sort()).toEqual(['set_password_expires_at', 'set_password_url']);
    const second = (await newLink(person.user.user_id)).json<LinkJson>();
    expect(second.set_password_url).not.toBe(first.set_password_url);

    expect((await login(ctx(), { email: person.email, password: person.password })).statusCode).toBe(200);
    expectError(await setPasswordWithLink(ctx(), first.set_password_url, NEW_PASSWORD), 400, {
      type: 'validation_error',
      code: 'invalid_link',
    });
    expect((await setPasswordWithLink(ctx(), second.set_password_url, NEW_PASSWORD)).statusCode).toBe(200);

    expectError(await login(ctx(), { email: person.email, password: person.password }), 401, {
      type: 'authentication_error',
      code: 'invalid_credentials',
    });
    const me = await asPerson(ctx(), elsewhere, { method: 'GET', url: '/v1/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a link once the person is removed', async () => {
    const created = await addPerson();
    const removed = await asPerson(ctx(), admin.cookie, { method: 'DELETE', url: `/v1/users/${created.user.user_id}` });
    expect(removed.statusCode).toBe(200);
    expectError(await setPasswordWithLink(ctx(), created.set_password_url, NEW_PASSWORD), 400, {
      type: 'validation_error',
      code: 'invalid_link',
    });
  });

  it('is for admins of the account only: 403 for others, 404 for a person of another account', async () => {
    const created = await addPerson();
    const analyst = await signedInPerson(ctx(), account.accountId, 'analyst');
    expectError(await newLink(created.user.user_id, analyst.cookie), 403, { type: 'authorization_error' });
    const other = await ctx().newAccount();
    const stranger = await createPerson(ctx().database.db, other.accountId, 'support');
    expectError(await newLink(stranger.user.user_id), 404, { type: 'not_found_error' });
    expectError(await newLink('usr_missing'), 404, { type: 'not_found_error' });
  });

  it("never stores the link's secret", async () => {
    const created = await addPerson();
    const token = new URL(created.set_password_url).hash.replace('#token=', '');
    const rows = await ctx().database.db.selectFrom('password_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((row) => row.user_id === created.user.user_id)).toBe(true);
  });
});
