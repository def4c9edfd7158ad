import type { Db } from '../../db/database.ts';

export async function findRetentionDays(db: Db, accountId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('retention_policies')
    .select('days')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.days;
}

export async function upsertRetentionDays(db: Db, accountId: string, days: number): Promise<void> {
  await db
    .insertInto('retention_policies')
    .values({ account_id: accountId, days })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ days }))
    .execute();
}

export function listAccountRetention(db: Db) {
  return db
    .selectFrom('accounts')
    .leftJoin('retention_policies', 'retention_policies.account_id', 'accounts.id')
    .select(['accounts.id as account_id', 'retention_policies.days as days'])
    .orderBy('accounts.id')
    .execute();
}

/** Deletes up to `limit` of the account's events older than `before` (Unix ms); returns how many. */
export async function deleteOldEvents(db: Db, accountId: string, before: number, limit: number): Promise<number> {
  const ids = db
    .selectFrom('session_events')
    .select('id')
    .where('account_id', '=', accountId)
    .where('occurred_at', '<', before)
    .limit(limit);
  const result = await db
    .deleteFrom('session_events')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` delivery attempts older than `before` (Unix ms), but not those of messages still pending. */
export async function deleteOldAttempts(db: Db, accountId: string, before: number, limit: number): Promise<number> {
  const ids = db
    .selectFrom('delivery_attempts')
    .select('id')
    .where('account_id', '=', accountId)
    .where('attempted_at', '<', before)
    .where('message_id', 'not in', (eb) =>
      eb.selectFrom('outbox_messages').select('id').where('account_id', '=', accountId).where('status', '=', 'pending'),
    )
    .limit(limit);
  const result = await db
    .deleteFrom('delivery_attempts')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes up to `limit` finished outbox messages created before `before` (Unix ms), with their attempts.
 * Pending messages are kept whatever their age: they are still owed a delivery.
 */
export async function deleteOldMessages(db: Db, accountId: string, before: number, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select('id')
    .where('account_id', '=', accountId)
    .where('created_at', '<', before)
    .where('status', '!=', 'pending')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await db.deleteFrom('delivery_attempts').where('account_id', '=', accountId).where('message_id', 'in', ids).execute();
  const result = await db
    .deleteFrom('outbox_messages')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
