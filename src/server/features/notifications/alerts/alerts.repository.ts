import { type Db, isPostgres } from '../../../db/database.ts';
import type { AlertsTable } from './alerts.table.ts';

export function insertAlert(db: Db, row: AlertsTable) {
  return db.insertInto('alerts').values(row).execute();
}

export function findAlertRow(db: Db, accountId: string, alertId: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', alertId)
    .executeTakeFirst();
}

export function listAlertsUsingWebhook(db: Db, accountId: string, webhookId: string) {
  return db
    .selectFrom('alerts')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The columns people change through the API; the flood-control state is ingestion's and the worker's. */
export type AlertSettings = Pick<
  AlertsTable,
  | 'name'
  | 'events'
  | 'provider'
  | 'chat_channel_id'
  | 'webhook_id'
  | 'enabled'
  | 'quiet_period_minutes'
  | 'snoozed_until'
  | 'threshold_count'
  | 'threshold_window_minutes'
>;

export function updateAlertRow(
  db: Db,
  accountId: string,
  alertId: string,
  changes: AlertSettings & Partial<Pick<AlertsTable, 'summary_due_at' | 'threshold_matches_at'>>,
) {
  return db.updateTable('alerts').set(changes).where('account_id', '=', accountId).where('id', '=', alertId).execute();
}

export async function deleteAlertRow(db: Db, accountId: string, alertId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('alerts')
    .where('account_id', '=', accountId)
    .where('id', '=', alertId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** An alert with what its target's health depends on: its webhook's state (null for chat alerts or a missing webhook). */
export type AlertWithTargetRow = AlertsTable & {
  webhook_enabled: number | null;
  webhook_failing_since: number | null;
  webhook_first_delivered_at: number | null;
};

function selectWithTarget(db: Db, accountId: string) {
  return db
    .selectFrom('alerts')
    .leftJoin('webhooks', (join) =>
      join.onRef('webhooks.account_id', '=', 'alerts.account_id').onRef('webhooks.id', '=', 'alerts.webhook_id'),
    )
    .selectAll('alerts')
    .select([
      'webhooks.enabled as webhook_enabled',
      'webhooks.failing_since as webhook_failing_since',
      'webhooks.first_delivered_at as webhook_first_delivered_at',
    ])
    .where('alerts.account_id', '=', accountId);
}

export function listAlertRowsWithTarget(db: Db, accountId: string): Promise<AlertWithTargetRow[]> {
  return selectWithTarget(db, accountId).orderBy('alerts.created_at').orderBy('alerts.id').execute();
}

export function findAlertRowWithTarget(
  db: Db,
  accountId: string,
  alertId: string,
): Promise<AlertWithTargetRow | undefined> {
  return selectWithTarget(db, accountId).where('alerts.id', '=', alertId).executeTakeFirst();
}

export function markAlertsFired(db: Db, accountId: string, alertIds: readonly string[], firedAt: number) {
  return db
    .updateTable('alerts')
    .set({ last_fired_at: firedAt })
    .where('account_id', '=', accountId)
    .where('id', 'in', [...alertIds])
    .execute();
}

/** Sets (or, with null, clears) the reason every alert sending to the webhook needs attention. */
export function setFlagOfAlertsUsingWebhook(db: Db, accountId: string, webhookId: string, reason: string | null) {
  return db
    .updateTable('alerts')
    .set({ flagged_reason: reason })
    .where('account_id', '=', accountId)
    .where('webhook_id', '=', webhookId)
    .execute();
}

/**
 * The account's enabled alerts that may fire for events of `websiteId`: chat alerts, and webhook
 * alerts whose webhook belongs to that website (a webhook is tied to one website).
 */
export function listEnabledAlertsForWebsite(db: Db, accountId: string, websiteId: string): Promise<AlertsTable[]> {
  return db
    .selectFrom('alerts')
    .leftJoin('webhooks', (join) =>
      join.onRef('webhooks.account_id', '=', 'alerts.account_id').onRef('webhooks.id', '=', 'alerts.webhook_id'),
    )
    .selectAll('alerts')
    .where('alerts.account_id', '=', accountId)
    .where('alerts.enabled', '=', 1)
    .where((eb) => eb.or([eb('alerts.provider', '=', 'chat'), eb('webhooks.website_id', '=', websiteId)]))
    .orderBy('alerts.created_at')
    .orderBy('alerts.id')
    .execute();
}

/**
 * The alerts, locked until the transaction ends (PostgreSQL; a SQLite transaction holds the write lock
 * from its start), in id order so that transactions locking several never deadlock.
 */
export function lockAlerts(db: Db, accountId: string, alertIds: readonly string[]): Promise<AlertsTable[]> {
  if (alertIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...alertIds])
    .orderBy('id')
    .$if(isPostgres(db), (query) => query.forUpdate())
    .execute();
}

export type AlertQuietState = Pick<
  AlertsTable,
  'notified_at' | 'suppressed_count' | 'suppressed_since' | 'suppressed_event' | 'summary_due_at'
>;

export function saveAlertQuietState(
  db: Db,
  accountId: string,
  alertId: string,
  state: AlertQuietState & Partial<Pick<AlertsTable, 'last_fired_at' | 'threshold_matches_at'>>,
) {
  return db.updateTable('alerts').set(state).where('account_id', '=', accountId).where('id', '=', alertId).execute();
}

/** Alerts whose held-back matches are due to go out as a summary, soonest first. */
export function listAlertsWithDueSummary(db: Db, now: number, limit: number) {
  return db
    .selectFrom('alerts')
    .select(['account_id', 'id'])
    .where('summary_due_at', '<=', now)
    .orderBy('summary_due_at')
    .limit(limit)
    .execute();
}
