import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { cli, expectOneLine } from '../cli-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { runSeedCommand } from './seed-command.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('runSeedCommand', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-command-'));
    handle = openDatabase(path.join(dir, 'unit.db'));
    await migrateToLatest(handle.db);
    await createAccount(handle.db, 'acme');
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seeds by account name and sums up in one line', async () => {
    const summary = await runSeedCommand(handle.db, { account: 'acme', sessions: '120', websites: '1', days: '7' });
    expect(summary).toMatch(/^Added 120 sessions \(\d+ visitors\) to acme across 1 website$/);
  });

  it.each([
    [{ account: 'acme' }, '--sessions is required'],
    [{ sessions: '10' }, '--account is required'],
    [{ account: 'acme', sessions: 'abc' }, '--sessions must be a whole number'],
    [{ account: 'acme', sessions: '0' }, '--sessions must be a whole number'],
    [{ account: 'acme', sessions: '10', websites: '-2' }, '--websites must be a whole number'],
    [{ account: 'acme', sessions: '10', days: '1.5' }, '--days must be a whole number'],
    [{ account: 'nobody', sessions: '10' }, 'No account with id or name "nobody"'],
  ])('rejects %j', async (options, message) => {
    await expect(runSeedCommand(handle.db, options)).rejects.toThrow(message);
  });
});

describe('npm run cli -- seed', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  const cli = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
    env = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db') };
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates an account, seeds it, and rejects a bad count', () => {
    const created = cli('accounts', 'create', '--name', 'acme');
    expect(created.status, created.stderr).toBe(0);

    const seeded = cli('seed', '--account', 'acme', '--sessions', '500', '--websites', '2', '--days', '14');
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/^Added 500 sessions \(\d+ visitors\) to acme across 2 websites\n$/);

    const bad = cli('seed', '--account', 'acme', '--sessions', 'abc');
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--sessions must be a whole number');
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('cli seed on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
  });

  afterAll(async () => {
    await database.drop();
  });

  // Enough sessions for more parallel writes than one connection: each must find a connection in the
  // command's pool rather than wait past the connect timeout behind a write of 20,000 sessions.
  it('loads batches in parallel and counts every session', async () => {
    const run = (...args: string[]) => cli(database.url, args);
    const created = await run('accounts', 'create', '--name', 'acme');
    expect(created.code, created.stderr).toBe(0);

    const args = ['seed', '--account', 'acme', '--sessions', '45000', '--days', '30'];
    const seeded = await run(...args);
    expect(expectOneLine(seeded, args)).toMatch(/^Added 45000 sessions \(\d+ visitors\) to acme across 3 websites$/);

    const handle = openDatabase(database.url, { poolSize: 1 });
    try {
      const row = await handle.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(45_000);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
