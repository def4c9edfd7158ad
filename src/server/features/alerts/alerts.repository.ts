import type { Db } from '../../db/database.ts';
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

export function listAlertRows(db: Db, accountId: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
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

export function updateAlertRow(db: Db, row: AlertsTable) {
  const { account_id: accountId, id, created_at: _createdAt, ...changes } = row;
  return db.updateTable('alerts').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
}

export async function deleteAlertRow(db: Db, accountId: string, alertId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('alerts')
    .where('account_id', '=', accountId)
    .where('id', '=', alertId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
