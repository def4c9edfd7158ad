/**
 * The admin CLI's commands end to end: each runs in process through `runCli` against a temp SQLite file,
 * and what it creates is then used through the real app built on that same file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, SLOW, cliDatabaseFile, expectOneLine } from './cli-fixtures.ts';

describe('admin CLI end to end (SQLite file)', () => {
  const sqlite = cliDatabaseFile();
  const { run, openApp } = sqlite;
  let accountId = '';
  let websiteId = '';
  let token = '';
  let adminEmail = '';
  let adminPassword = '';
  const accountName = `Acme CLI ${crypto.randomBytes(3).toString('hex')}`;

  it(
    'migrate applies the migrations, and a second run finds nothing to do',
    async () => {
      const first = await run('migrate');
      const applied = expectOneLine(first, ['migrate']);
      expect(applied).toMatch(/^Applied /);
      expect(applied).toContain('initial');
      expect(applied).toContain('people');
      expect(fs.existsSync(sqlite.file)).toBe(true);
      expect(expectOneLine(await run('migrate'), ['migrate'])).toBe('Already up to date');
    },
    SLOW,
  );

  it(
    'accounts create prints the new account id',
    async () => {
      const args = ['accounts', 'create', '--name', accountName];
      accountId = expectOneLine(await run(...args), args);
      expect(accountId).toMatch(/^acc_[0-9a-z]+$/);
      const { database: handle } = await openApp();
      const row = await handle.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
      expect(row?.name).toBe(accountName);
    },
    SLOW,
  );

  it(
    'websites create (account named by name) prints the website id',
    async () => {
      const args = ['websites', 'create', '--account', accountName, '--host', 'Shop.Example.com', '--name', 'Shop'];
      websiteId = expectOneLine(await run(...args), args);
      expect(websiteId).toMatch(/^web_[0-9a-z]+$/);
      const { database: handle } = await openApp();
      const row = await handle.db
        .selectFrom('websites')
        .selectAll()
        .where('id', '=', websiteId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ account_id: accountId, host: 'shop.example.com', name: 'Shop' });
    },
    SLOW,
  );

  it(
    'tokens create prints a token that works against the app, limited to its scopes',
    async () => {
      const args = [
        'tokens',
        'create',
        '--account',
        accountId,
        '--name',
        'ci export',
        '--scopes',
        'websites:read, users.sessions:read',
        '--expires-in-days',
        '30',
      ];
      const before = Math.floor(Date.now() / 1000);
      token = expectOneLine(await run(...args), args);
      expect(token).toMatch(/^sa_[0-9A-Za-z]{40}$/);

      const { app: server, database: handle } = await openApp();
      const row = await handle.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', crypto.createHash('sha256').update(token).digest('hex'))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ account_id: accountId, name: 'ci export', revoked_at: null });
      expect(JSON.parse(row.scopes)).toEqual(['websites:read', 'users.sessions:read']);
      expect(row.expires_at).toBeGreaterThanOrEqual(before + 30 * 86_400);
      expect(row.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 86_400);
      for (const value of Object.values(row)) expect(String(value)).not.toContain(token);

      const authorization = `Bearer ${token}`;
      const websites = await server.inject({ method: 'GET', url: '/v1/websites', headers: { authorization } });
      expect(websites.statusCode, websites.body).toBe(200);
      expect(websites.json()).toEqual([
        expect.objectContaining({ website_id: websiteId, host: 'shop.example.com', name: 'Shop' }),
      ]);
      expect((await server.inject({ method: 'GET', url: '/v1/sessions', headers: { authorization } })).statusCode).toBe(
        200,
      );
      const alerts = await server.inject({ method: 'GET', url: '/v1/alerts', headers: { authorization } });
      expect(alerts.statusCode).toBe(403);
      expect(alerts.json<{ error: { code: string } }>().error.code).toBe('insufficient_scope');
      const me = await server.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization } });
      expect(me.json()).toMatchObject({
        account: { account_id: accountId, name: accountName },
        token_name: 'ci export',
      });
    },
    SLOW,
  );

  it(
    'users create prints a password with which the person signs in, with the role given',
    async () => {
      adminEmail = `owner-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const args = [
        'users',
        'create',
        '--account',
        accountName,
        '--email',
        `  ${adminEmail.toUpperCase()} `,
        '--role',
        'admin',
        '--name',
        'Olive Owner',
      ];
      adminPassword = expectOneLine(await run(...args), args);
      expect(adminPassword).toMatch(/^[0-9A-Za-z]{16,}$/);

      const { app: server, database: handle } = await openApp();
      const row = await handle.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', adminEmail)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ account_id: accountId, role: 'admin', name: 'Olive Owner' });
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(row.password_hash).not.toContain(adminPassword);

      const signIn = (email: string, password: string) =>
        server.inject({
          method: 'POST',
          url: '/v1/auth/login',
          headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
          payload: JSON.stringify({ email, password }),
        });
      const login = await signIn(adminEmail, adminPassword);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({
        account: { account_id: accountId },
        user: { email: adminEmail, name: 'Olive Owner', role: 'admin' },
      });
      const setCookie = login.headers['set-cookie'];
      const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
      expect(cookie).toMatch(/^sa_session=/);
      const users = await server.inject({ method: 'GET', url: '/v1/users', headers: { cookie } });
      expect(users.statusCode, users.body).toBe(200);
      expect(users.json<{ email: string }[]>().map((user) => user.email)).toEqual([adminEmail]);

      // Each run generates a new password: an analyst created the same way gets a different one.
      const analystEmail = `analyst-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const analystArgs = ['users', 'create', '--account', accountId, '--email', analystEmail, '--role', 'analyst'];
      const analystPassword = expectOneLine(await run(...analystArgs), analystArgs);
      expect(analystPassword).not.toBe(adminPassword);
      const analystLogin = await signIn(analystEmail, analystPassword);
      expect(analystLogin.statusCode, analystLogin.body).toBe(200);
      expect(analystLogin.json<{ user: { role: string } }>().user.role).toBe('analyst');
    },
    SLOW,
  );
});
