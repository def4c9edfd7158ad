/**
 * The admin CLI end to end: each command runs in process through `runCli` against a temp SQLite file,
 * and what it creates is then used through the real app built on that same file. One smoke test runs
 * the real entry in a child process (tsx src/server/cli.ts, as `npm run cli` does).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { runCli } from './cli-run.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The binary `npx tsx` resolves to; called directly to spare npm's start-up on every command. */
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'src', 'server', 'cli.ts');
const APP_ORIGIN = 'https://app.example.test';
const SLOW = 180_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function cli(databaseUrl: string, args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

function spawnCli(databaseUrl: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A successful command prints one line, its result, on stdout. */
function expectOneLine(run: Run, args: string[]): string {
  expect(run.code, `${args.join(' ')}\nstderr: ${run.stderr}`).toBe(0);
  expect(run.stdout.endsWith('\n')).toBe(true);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines, run.stdout).toHaveLength(1);
  return lines[0] ?? '';
}

/** Runs at most `limit` at a time, so concurrent commands contend for the file as people's would. */
async function inBatches<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe('admin CLI end to end (SQLite file)', () => {
  let dir: string;
  let file: string;
  let accountId = '';
  let websiteId = '';
  let token = '';
  let adminEmail = '';
  let adminPassword = '';
  const accountName = `Acme CLI ${crypto.randomBytes(3).toString('hex')}`;

  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  /** The app and a handle on the database the CLI wrote, opened once the CLI has created what they need. */
  async function openApp(): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
    if (!app || !database) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        PUBLIC_URL: APP_ORIGIN,
        DATABASE_URL: file,
      });
      database = openDatabase(config.DATABASE_URL, { poolSize: 2 });
      app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
      await app.ready();
    }
    return { app, database };
  }

  const run = (...args: string[]) => cli(file, args);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cli-'));
    file = path.join(dir, 'cli.db');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'migrate applies the migrations, and a second run finds nothing to do',
    async () => {
      const first = await run('migrate');
      const applied = expectOneLine(first, ['migrate']);
      expect(applied).toMatch(/^Applied /);
      expect(applied).toContain('initial');
      expect(applied).toContain('people');
      expect(fs.existsSync(file)).toBe(true);
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

      const login = await server.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
        payload: JSON.stringify({ email: adminEmail, password: adminPassword }),
      });
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
      const analystLogin = await server.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
        payload: JSON.stringify({ email: analystEmail, password: analystPassword }),
      });
      expect(analystLogin.statusCode, analystLogin.body).toBe(200);
      expect(analystLogin.json<{ user: { role: string } }>().user.role).toBe('analyst');
    },
    SLOW,
  );

  it(
    'refuses bad input: non-zero exit, a message on stderr, nothing on stdout, nothing written',
    async () => {
      const { database: handle } = await openApp();
      const counts = async () => ({
        accounts: (await handle.db.selectFrom('accounts').select('id').execute()).length,
        websites: (await handle.db.selectFrom('websites').select('id').execute()).length,
        tokens: (await handle.db.selectFrom('api_tokens').select('id').execute()).length,
        users: (await handle.db.selectFrom('users').select('id').execute()).length,
      });
      const before = await counts();
      const fresh = () => `new-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const cases: { args: string[]; stderr: RegExp }[] = [
        {
          args: ['users', 'create', '--account', accountId, '--email', fresh(), '--role', 'owner'],
          stderr: /--role must be one of admin, analyst, support/,
        },
        {
          args: ['users', 'create', '--account', 'no-such-account', '--email', fresh(), '--role', 'admin'],
          stderr: /No account with id or name "no-such-account"/,
        },
        { args: ['users', 'create', '--account', accountId, '--role', 'admin'], stderr: /--email is required/ },
        { args: ['users', 'create', '--account', accountId, '--email', fresh()], stderr: /--role is required/ },
        {
          args: ['users', 'create', '--account', accountId, '--email', 'not-an-email', '--role', 'admin'],
          stderr: /not an e-mail address/,
        },
        {
          args: ['users', 'create', '--account', accountId, '--email', adminEmail.toUpperCase(), '--role', 'support'],
          stderr: /already has a sign-in/,
        },
        {
          args: ['users', 'create', '--account', accountId, '--email', fresh(), '--role', 'admin', '--password', 'x'],
          stderr: /--password/,
        },
        {
          args: ['tokens', 'create', '--account', accountId, '--name', 'x', '--scopes', 'websites:read,nope'],
          stderr: /Unknown scope nope/,
        },
        {
          args: ['tokens', 'create', '--account', accountId, '--name', 'x', '--scopes', 'account:admin'],
          stderr: /Unknown scope account:admin/,
        },
        { args: ['tokens', 'create', '--account', accountId, '--name', 'x'], stderr: /--scopes is required/ },
        {
          args: [
            'tokens',
            'create',
            '--account',
            accountId,
            '--name',
            'x',
            '--scopes',
            'websites:read',
            '--expires-in-days',
            '0',
          ],
          stderr: /--expires-in-days must be/,
        },
        { args: ['websites', 'create', '--account', accountId, '--host', 'not a host'], stderr: /not a host name/ },
        { args: ['accounts', 'create', '--name', accountName], stderr: /already exists/ },
        { args: ['frobnicate'], stderr: /Unknown command "frobnicate"/ },
        { args: [], stderr: /Usage: cli <command>/ },
      ];
      const runs = await inBatches(cases, 4, ({ args }) => run(...args));
      cases.forEach(({ args, stderr }, index) => {
        const result = runs[index] as Run;
        const label = `cli ${args.join(' ')}`;
        expect(result.code, `${label}: exit code (stderr: ${result.stderr})`).not.toBe(0);
        expect(result.code, label).not.toBeNull();
        expect(result.stdout, `${label}: stdout`).toBe('');
        expect(result.stderr, `${label}: stderr`).toMatch(stderr);
        // A message for people, not a stack trace.
        expect(result.stderr, `${label}: stderr`).not.toMatch(/\n\s+at .+:\d+:\d+/);
      });
      expect(await counts()).toEqual(before);
    },
    SLOW,
  );
});

describe('admin CLI entry', () => {
  it(
    'runs as a program: one line on stdout and exit code 0, a failure on stderr and exit code 1',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cli-spawn-'));
      try {
        const file = path.join(dir, 'cli.db');
        const created = await spawnCli(file, ['accounts', 'create', '--name', 'Spawned']);
        expect(expectOneLine(created, ['accounts', 'create'])).toMatch(/^acc_/);
        const failed = await spawnCli(file, ['accounts', 'create']);
        expect(failed.code).toBe(1);
        expect(failed.stdout).toBe('');
        expect(failed.stderr).toContain('--name is required');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
