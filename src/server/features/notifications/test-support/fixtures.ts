/** Rows for delivery tests, written straight to the database (so a webhook may point anywhere). */
import crypto from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import { createAccount } from '../../accounts/accounts.service.ts';
import { insertAlert } from '../alerts/alerts.repository.ts';
import type { AlertsTable } from '../alerts/alerts.table.ts';
import { insertWebhook } from '../webhooks/webhooks.repository.ts';
import type { WebhooksTable } from '../webhooks/webhooks.table.ts';
import { createWebsite } from '../../websites/websites.service.ts';
import { newId } from '../../../lib/ids.ts';
import { enqueueAlertMessages } from '../outbox/enqueue.ts';

export const PUBLIC_URL = 'https://app.example.test';

export interface AccountFixture {
  accountId: string;
  websiteId: string;
}

export async function createAccountFixture(db: Db): Promise<AccountFixture> {
  const account = await createAccount(db, `acct-${crypto.randomBytes(6).toString('hex')}`);
  const website = await createWebsite(db, { accountId: account.id, host: 'shop.example.com', name: 'Shop' });
  return { accountId: account.id, websiteId: website.id };
}

export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

export async function insertWebhookRow(
  db: Db,
  account: AccountFixture,
  url: string,
  overrides: Partial<WebhooksTable> = {},
): Promise<WebhooksTable> {
  const row: WebhooksTable = {
    account_id: account.accountId,
    id: newId('whk'),
    website_id: account.websiteId,
    url,
    version: 'v1.0',
    enabled: 1,
    secret: newSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: Math.floor(Date.now() / 1000),
    created_by: 'tests@example.com',
    failing_since: null,
    disabled_reason: null,
    first_delivered_at: null,
    ...overrides,
  };
  await insertWebhook(db, row);
  return row;
}

export async function insertAlertRow(
  db: Db,
  account: AccountFixture,
  target: { webhookId: string } | { chatChannelId: string },
): Promise<AlertsTable> {
  const row: AlertsTable = {
    account_id: account.accountId,
    id: newId('alr'),
    name: 'Checkout errors',
    events: JSON.stringify([{ kind: 25, value: 'TypeError' }]),
    provider: 'webhookId' in target ? 'webhooks' : 'chat',
    webhook_id: 'webhookId' in target ? target.webhookId : null,
    chat_channel_id: 'chatChannelId' in target ? target.chatChannelId : null,
    enabled: 1,
    created_at: Date.now(),
    last_fired_at: null,
    flagged_reason: null,
    quiet_period_minutes: 5,
    notified_at: null,
    suppressed_count: 0,
    suppressed_since: null,
    suppressed_event: null,
    summary_due_at: null,
    snoozed_until: null,
    threshold_count: null,
    threshold_window_minutes: null,
    threshold_matches_at: null,
  };
  await insertAlert(db, row);
  return row;
}

/** What ingestion would do on a JavaScript error matching `alerts`: enqueue in one transaction. */
export function enqueueJsError(db: Db, account: AccountFixture, alerts: AlertsTable[], now: number): Promise<string[]> {
  return db.transaction().execute((trx) =>
    enqueueAlertMessages(trx, {
      accountId: account.accountId,
      publicUrl: PUBLIC_URL,
      alerts,
      event: {
        kind: 25,
        occurred_at: now - 1500,
        data: JSON.stringify({
          message: "TypeError: Cannot read properties of undefined (reading 'total')",
          url: 'https://shop.example.com/checkout',
        }),
      },
      session: {
        id: 'ses_1',
        creation_timestamp: Math.floor((now - 60_000) / 1000),
        country_code: 'FR',
        region: 'Île-de-France',
        city: 'Paris',
      },
      visitor: {
        id: 'vis_1',
        name: 'Marie Curie',
        email: 'marie@example.com',
        params: JSON.stringify([{ name: 'plan', value: 'pro' }]),
      },
      website: { id: account.websiteId },
      now,
    }),
  );
}
