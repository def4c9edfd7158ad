import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ROLES } from '../../api/schemas/common.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestAccount, describeApi } from '../test/harness.ts';
import { createPerson, login, sessionCookieOf, uniqueEmail } from '../test/people.ts';
import { type MeJson, ROLE_TABLE, loginRowsFor, sessionCookieAttributes } from './test-support/sign-in-checks.ts';

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

      // Beside it, a cookie the dashboard's scripts may read, holding no secret: only that a sign-in exists.
      const companion = sessionCookieAttributes(response, 'sa_signed_in');
      expect(companion.value).toBe('1');
      expect(companion.attributes.has('httponly')).toBe(false);
      expect(companion.attributes.get('samesite')?.toLowerCase()).toBe('lax');
      expect(companion.attributes.get('path')).toBe('/');
      expect(companion.attributes.has('secure')).toBe(true);
      expect(companion.attributes.get('max-age')).toBe(String(maxAge));

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
});
