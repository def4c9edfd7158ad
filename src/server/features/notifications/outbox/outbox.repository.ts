/** SQL of the outbox: writing messages, claiming due ones, settling attempts. */
import type { Db, Dialect } from '../../../db/database.ts';
import type { DeliveryAttemptsTable, OutboxMessagesTable } from './outbox.table.ts';

export type OutboxMessage = OutboxMessagesTable;

export async function insertMessages(db: Db, rows: readonly OutboxMessagesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('outbox_messages')
    .values([...rows])
    .execute();
}

export interface ClaimRequest {
  workerId: string;
  /** Unix milliseconds. */
  now: number;
  claimTtlMs: number;
  limit: number;
}

/**
 * Takes up to `limit` due messages for one worker: pending, due, and not claimed by a live worker
 * (an expired claim is fair game, so a message whose worker died is picked up again).
 *
 * PostgreSQL: one UPDATE whose sub-select locks the rows `FOR UPDATE SKIP LOCKED`, so workers on
 * other connections skip rows being claimed and never take the same attempt.
 * SQLite: the same UPDATE in a transaction, which takes the database's write lock first (see
 * openDatabase), so processes sharing the file claim one after another.
 */
export async function claimDueMessages(db: Db, dialect: Dialect, request: ClaimRequest): Promise<OutboxMessage[]> {
  const { workerId, now, claimTtlMs, limit } = request;
  const claim = (executor: Db) =>
    executor
      .updateTable('outbox_messages')
      .set({ locked_by: workerId, locked_until: now + claimTtlMs })
      .where(({ eb, refTuple, selectFrom }) => {
        let due = selectFrom('outbox_messages')
          .select(['account_id', 'id'])
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((inner) => inner.or([inner('locked_until', 'is', null), inner('locked_until', '<', now)]))
          .orderBy('next_attempt_at')
          .limit(limit);
        if (dialect === 'postgres') due = due.forUpdate().skipLocked();
        return eb(refTuple('account_id', 'id'), 'in', due.$asTuple('account_id', 'id'));
      })
      .returningAll()
      .execute();

  const rows = dialect === 'postgres' ? await claim(db) : await db.transaction().execute((trx) => claim(trx));
  return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at);
}

export function insertAttempt(db: Db, row: DeliveryAttemptsTable) {
  return db.insertInto('delivery_attempts').values(row).execute();
}

export type MessageSettlement = Pick<
  OutboxMessagesTable,
  'status' | 'attempts' | 'next_attempt_at' | 'delivered_at' | 'last_error'
>;

/** Records the result of an attempt and drops the claim; a no-op if another worker has since taken the message. */
export async function settleMessage(
  db: Db,
  message: Pick<OutboxMessagesTable, 'account_id' | 'id'>,
  workerId: string,
  settlement: MessageSettlement,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ ...settlement, locked_by: null, locked_until: null })
    .where('account_id', '=', message.account_id)
    .where('id', '=', message.id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claimed message back untouched (the worker is stopping before it could record an attempt). */
export function releaseClaim(db: Db, message: Pick<OutboxMessagesTable, 'account_id' | 'id'>, workerId: string) {
  return db
    .updateTable('outbox_messages')
    .set({ locked_by: null, locked_until: null })
    .where('account_id', '=', message.account_id)
    .where('id', '=', message.id)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Makes a message due again with a fresh retry schedule; its attempt history stays. */
export async function resetMessage(db: Db, accountId: string, messageId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, delivered_at: null })
    .where('account_id', '=', accountId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
