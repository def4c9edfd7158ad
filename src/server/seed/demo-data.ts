import { SCOPES } from '../../api/schemas/common.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { countAccounts } from '../features/accounts/accounts.repository.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createAlert } from '../features/notifications/alerts/alerts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createUser } from '../features/users/users.service.ts';
import { createWebhook } from '../features/notifications/webhooks/webhooks.service.ts';
import { findWebsite } from '../features/websites/websites.service.ts';
import { writeDemoEvents } from './demo-events.ts';
import { attachDemoReplays } from './demo-replays.ts';
import { seedSessions } from './seed-sessions.ts';

export const DEMO_ACCOUNT_NAME = 'Demo';
/** Enough sessions over 60 days for every list, chart and filter to show something. */
export const DEMO_SESSIONS = 20_000;

export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

export interface DemoCredentials {
  accountName: string;
  adminToken: string;
  adminEmail: string;
  adminPassword: string;
  sessions: number;
  /** Sessions given one of the bundled replays, most recent first. */
  recordedSessionIds: string[];
}

/**
 * On an empty database, creates a demo account with realistic sessions (a few of them with a replay), a few
 * alerts and a webhook, and an admin token. Does nothing (returns null) once any account exists. `sessions`
 * sets how many sessions it makes.
 */
export async function ensureDemoData(
  db: Db,
  config: Config,
  { sessions = DEMO_SESSIONS }: { sessions?: number } = {},
): Promise<DemoCredentials | null> {
  if ((await countAccounts(db)) > 0) return null;
  const account = await createAccount(db, DEMO_ACCOUNT_NAME);
  const seeded = await seedSessions(db, { accountId: account.id, sessions, websites: 3, days: 60 });
  const [shopId] = seeded.websiteIds;
  if (!shopId) throw new Error('The demo has no website');
  const shop = await findWebsite(db, account.id, shopId);
  if (!shop) throw new Error('The demo has no website');
  const recordedSessionIds = await attachDemoReplays(db, { accountId: account.id, websiteId: shopId, host: shop.host });
  await writeDemoEvents(db, account.id);
  // The demo's receiver is a public placeholder: deliveries to it fail until an admin points it somewhere real.
  const webhook = await createWebhook(
    db,
    account.id,
    { url: 'https://hooks.example.com/session-analytics', website_id: shopId, version: 'v1.0' },
    DEMO_ADMIN_EMAIL,
    { allowHttp: config.ALLOW_HTTP_WEBHOOKS, allowPrivate: config.ALLOW_PRIVATE_WEBHOOK_TARGETS },
  );
  await createAlert(db, account.id, {
    name: 'Checkout frustration',
    events: [
      { kind: 21, value: '5' },
      { kind: 25, value: 'checkout' },
    ],
    provider: 'chat',
    chat_channel_id: '#support',
  });
  await createAlert(db, account.id, {
    name: 'Payment errors to the on-call webhook',
    events: [
      { kind: 30, value: '/api/payments' },
      { kind: 20, value: 'payment' },
    ],
    provider: 'webhooks',
    webhook_id: webhook.webhook_id,
  });
  await createAlert(db, account.id, {
    name: 'Newsletter sign-ups',
    events: [{ kind: 26, value: 'newsletter_signup' }],
    provider: 'chat',
    chat_channel_id: '#growth',
  });
  const { token } = await createApiToken(db, { accountId: account.id, name: 'Demo admin token', scopes: [...SCOPES] });
  const { password } = await createUser(db, account.id, { email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', role: 'admin' });
  return {
    accountName: account.name,
    adminToken: token,
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: password,
    sessions: seeded.sessions,
    recordedSessionIds,
  };
}
