/**
 * The admin CLI refusing bad input: each command runs in process through `runCli` against a temp SQLite file
 * holding an account and its admin (made by the CLI first), and a refused command must leave the file as it was.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Run, SLOW, cliDatabaseFile, expectOneLine } from './cli-fixtures.ts';

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
  const { run, openApp } = cliDatabaseFile();
  let accountId = '';
  const adminEmail = `owner-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const accountName = `Acme CLI ${crypto.randomBytes(3).toString('hex')}`;

  /** The account and the admin that the refused commands name, made through the CLI. */
  beforeAll(async () => {
    expectOneLine(await run('migrate'), ['migrate']);
    const accountArgs = ['accounts', 'create', '--name', accountName];
    accountId = expectOneLine(await run(...accountArgs), accountArgs);
    const adminArgs = ['users', 'create', '--account', accountName, '--email', adminEmail, '--role', 'admin'];
    expectOneLine(await run(...adminArgs), adminArgs);
  }, SLOW);

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
