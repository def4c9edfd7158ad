/** SQL behind the delivery logs: messages of an alert or a webhook, newest first, and their attempts. */
import type { Db } from '../../../db/database.ts';

export type MessageOwner = { alertId: string } | { webhookId: string };

export function listMessages(db: Db, accountId: string, owner: MessageOwner, limit: number) {
  let query = db.selectFrom('outbox_messages').selectAll().where('account_id', '=', accountId);
  query =
    'alertId' in owner ? query.where('alert_id', '=', owner.alertId) : query.where('webhook_id', '=', owner.webhookId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Attempts of the given messages, oldest first. */
export async function listAttempts(db: Db, accountId: string, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('delivery_attempts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('message_id', 'in', [...messageIds])
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

export function findMessage(db: Db, accountId: string, messageId: string) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}
