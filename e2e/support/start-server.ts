import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { startDeliveryWorker } from '../../src/server/features/notifications/worker/delivery-worker.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { createAccount } from '../../src/server/features/accounts/accounts.service.ts';
import { createUser } from '../../src/server/features/users/users.service.ts';
import { createWebsite } from '../../src/server/features/websites/websites.service.ts';
import { seedSessions } from '../../src/server/seed/seed-sessions.ts';
import { E2E_STATE_FILE, type E2eState } from './state.ts';

// A fresh database every run: an account with realistic sessions and one person per role.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-e2e-'));
// The journeys run a test page and a webhook receiver on this machine, so loopback targets are allowed here.
const config = loadConfig({
  ...process.env,
  DATABASE_URL: path.join(dir, 'e2e.db'),
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  INGEST_ALLOW_LOCALHOST: 'true',
  ALLOW_HTTP_WEBHOOKS: 'true',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  // The journeys sign in dozens of times within minutes, all from this machine and as the same few people;
  // the sign-in budgets have tests of their own.
  SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000',
  SIGN_IN_ATTEMPTS_PER_ACCOUNT: '1000',
});
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database.db);
const account = await createAccount(database.db, 'E2E Shop');
await seedSessions(database.db, { accountId: account.id, sessions: 3000, websites: 2, days: 45, seed: 7 });
const people: E2eState['people'] = {} as E2eState['people'];
for (const role of ['admin', 'analyst', 'support'] as const) {
  const email = `${role}@e2e.example`;
  const { password } = await createUser(database.db, account.id, { email, role, name: `E2E ${role}` });
  people[role] = { email, password };
}
const visitor = await database.db
  .selectFrom('visitors')
  .select(['id', 'email'])
  .where('account_id', '=', account.id)
  .where('email', 'is not', null)
  .orderBy('last_session_timestamp', 'desc')
  .executeTakeFirstOrThrow();
const website = await database.db
  .selectFrom('websites')
  .select(['id', 'name', 'public_key'])
  .where('account_id', '=', account.id)
  .orderBy('created_at')
  .executeTakeFirstOrThrow();
// A brand-new account: one website, one admin, no session yet (the first-run journey).
const newAccount = await createAccount(database.db, 'E2E Newcomer');
const newWebsite = await createWebsite(database.db, {
  accountId: newAccount.id,
  host: 'www.newcomer.example',
  name: 'Newcomer',
});
const newcomer = { email: 'admin@newcomer.example' };
const { password: newcomerPassword } = await createUser(database.db, newAccount.id, {
  ...newcomer,
  role: 'admin',
  name: 'New Admin',
});
const state: E2eState = {
  people,
  newcomer: {
    email: newcomer.email,
    password: newcomerPassword,
    website: { id: newWebsite.id, host: newWebsite.host, publicKey: newWebsite.public_key },
  },
  visitor: { id: visitor.id, email: visitor.email ?? '' },
  website: { id: website.id, name: website.name, publicKey: website.public_key },
};
fs.writeFileSync(E2E_STATE_FILE, JSON.stringify(state, null, 2));

const app = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: config.HOST });
const worker = startDeliveryWorker({
  db: database.db,
  dialect: database.dialect,
  config,
  log: app.log.child({ component: 'delivery' }),
});
const stop = async () => {
  await worker.stop();
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
