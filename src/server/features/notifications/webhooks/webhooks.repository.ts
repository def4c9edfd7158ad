import type { Db } from '../../../db/database.ts';
import type { WebhooksTable } from './webhooks.table.ts';

const WEBHOOK_WITH_WEBSITE = [
  'webhooks.account_id',
  'webhooks.id',
  'webhooks.website_id',
  'webhooks.url',
  'webhooks.version',
  'webhooks.enabled',
  'webhooks.created_at',
  'webhooks.created_by',
  'webhooks.failing_since',
  'webhooks.disabled_reason',
  'webhooks.first_delivered_at',
  'webhooks.previous_secret_expires_at',
  'websites.name as website_name',
] as const;

export type WebhookWithWebsiteRow = Omit<WebhooksTable, 'secret' | 'previous_secret'> & { website_name: string };

export function insertWebhook(db: Db, row: WebhooksTable) {
  return db.insertInto('webhooks').values(row).execute();
}

export function findWebhookRow(db: Db, accountId: string, webhookId: string) {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
}

function selectWithWebsite(db: Db, accountId: string) {
  return db
    .selectFrom('webhooks')
    .innerJoin('websites', (join) =>
      join.onRef('websites.account_id', '=', 'webhooks.account_id').onRef('websites.id', '=', 'webhooks.website_id'),
    )
    .select(WEBHOOK_WITH_WEBSITE)
    .where('webhooks.account_id', '=', accountId);
}

export function findWebhookWithWebsite(
  db: Db,
  accountId: string,
  webhookId: string,
): Promise<WebhookWithWebsiteRow | undefined> {
  return selectWithWebsite(db, accountId).where('webhooks.id', '=', webhookId).executeTakeFirst();
}

export function listWebhooksWithWebsite(db: Db, accountId: string): Promise<WebhookWithWebsiteRow[]> {
  return selectWithWebsite(db, accountId).orderBy('webhooks.created_at').orderBy('webhooks.id').execute();
}

export function updateWebhookRow(
  db: Db,
  accountId: string,
  webhookId: string,
  changes: Pick<WebhooksTable, 'url' | 'website_id' | 'version' | 'enabled'> &
    Partial<Pick<WebhooksTable, 'failing_since' | 'disabled_reason'>>,
) {
  return db
    .updateTable('webhooks')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .execute();
}

export async function deleteWebhookRow(db: Db, accountId: string, webhookId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function updateWebhookSecrets(
  db: Db,
  accountId: string,
  webhookId: string,
  secrets: Pick<WebhooksTable, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
) {
  const result = await db
    .updateTable('webhooks')
    .set(secrets)
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After a successful delivery: the webhook is healthy again, and has delivered at least once. */
export function markWebhookHealthy(db: Db, accountId: string, webhookId: string, now: number) {
  return (
    db
      .updateTable('webhooks')
      .set((eb) => ({ failing_since: null, first_delivered_at: eb.fn.coalesce('first_delivered_at', eb.val(now)) }))
      .where('account_id', '=', accountId)
      .where('id', '=', webhookId)
      // Most successes change nothing: only the first one and the end of a failure write.
      .where((eb) => eb.or([eb('failing_since', 'is not', null), eb('first_delivered_at', 'is', null)]))
      .execute()
  );
}

/** After a failed delivery: remembers when the failures began (the first failure since the last success). */
export function markWebhookFailing(db: Db, accountId: string, webhookId: string, since: number) {
  return db
    .updateTable('webhooks')
    .set({ failing_since: since })
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .where('failing_since', 'is', null)
    .execute();
}

export async function disableWebhookRow(
  db: Db,
  accountId: string,
  webhookId: string,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ enabled: 0, disabled_reason: reason })
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
