import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';
import { chatAlertBody, webhookBody } from '../test/alerts-and-webhooks.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../test/harness.ts';
import { APP_ORIGIN, createPerson } from '../test/people.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const APP_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/app-process.ts');
const PEOPLE = 8;
const ROUNDS = 12;

interface AppProcess {
  child: ChildProcess;
  base: string;
}

function startAppProcess(databaseUrl: string): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', APP_SCRIPT, databaseUrl], {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: APP_ORIGIN,
      RATE_LIMIT_MAX: '100000',
      CHAT_BOT_TOKEN: 'xoxb-unused',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the app process exited with ${String(code)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
  });
}

for (const kind of testDatabaseKinds) {
  describe(`two server processes writing to one database at once [${kind}]`, () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;
    const processes: AppProcess[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      database = openDatabase(testDb.url, { poolSize: 2 });
      await migrateToLatest(database.db);
      processes.push(...(await Promise.all([startAppProcess(testDb.url), startAppProcess(testDb.url)])));
    }, 60_000);
    afterAll(async () => {
      for (const { child } of processes) child.kill('SIGKILL');
      await database?.close();
      await testDb?.drop();
    });

    it('answers every write without a 500: people, tokens, alerts and webhooks', { timeout: 120_000 }, async () => {
      const account = await createAccount(database.db, `two-processes-${kind}`);
      const website = await createWebsite(database.db, {
        accountId: account.id,
        host: 'shop.example.com',
        name: 'Shop',
      });
      // People are managed by a signed-in admin; the sign-in is stored in the database, so both processes know it.
      const admin = await createPerson(database.db, account.id, 'admin');
      const signIn = await fetch(`${processes[0]?.base ?? ''}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const people = await Promise.all(
        Array.from({ length: PEOPLE }, () => createPerson(database.db, account.id, 'admin')),
      );

      const send = (base: string, method: string, url: string, body: unknown) =>
        fetch(`${base}${url}`, {
          method,
          headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (response) => ({
          status: response.status,
          what: `${method} ${url}`,
          body: await response.text(),
        }));

      const requests = processes.flatMap(({ base }, side) =>
        Array.from({ length: ROUNDS }, (_, round) => [
          ...people.map(({ user }, index) =>
            send(base, 'PUT', `/v1/users/${user.user_id}`, {
              name: `Person ${side}-${round}-${index}`,
              role: (round + index + side) % 2 === 0 ? 'admin' : 'analyst',
            }),
          ),
          send(base, 'POST', '/v1/tokens', { name: `token ${side}-${round}`, scopes: ['alerts:read'] }),
          send(base, 'POST', '/v1/alerts', chatAlertBody({ name: `alert ${side}-${round}` })),
          send(base, 'POST', '/v1/webhooks', webhookBody(website.id)),
        ]).flat(),
      );
      const answers = await Promise.all(requests);
      const failed = answers.filter((answer) => answer.status >= 500).map((answer) => `${answer.what}: ${answer.body}`);
      expect(failed).toEqual([]);
      expect(answers.filter((answer) => ![200, 201, 409].includes(answer.status))).toEqual([]);
    });
  });
}
