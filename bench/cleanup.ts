/** What a bench section writes into the bench database, deleted again so that runs do not accumulate. */
import crypto from 'node:crypto';
import type { Db } from '../src/server/db/database.ts';

/** Ids of one run: `<section>-<tag>-…`, so the run's rows are one key range (`-` < `.` in every collation we use). */
export function runPrefix(section: string): string {
  return `${section}-${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}-`;
}

const prefixEnd = (prefix: string) => `${prefix.slice(0, -1)}.`;

/** Deletes what the ingest run wrote: its events, sessions (the hourly counts follow by trigger), visitors and batch ids. */
export async function deleteIngested(db: Db, accountId: string, prefix: string): Promise<void> {
  const end = prefixEnd(prefix);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('session_events')
      .where('account_id', '=', accountId)
      .where('session_id', '>=', prefix)
      .where('session_id', '<', end)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where('id', '>=', prefix)
      .where('id', '<', end)
      .execute();
    await trx
      .deleteFrom('visitors')
      .where('account_id', '=', accountId)
      .where('id', '>=', prefix)
      .where('id', '<', end)
      .execute();
    await trx
      .deleteFrom('ingest_batches')
      .where('account_id', '=', accountId)
      .where('batch_id', '>=', prefix)
      .where('batch_id', '<', end)
      .execute();
  });
}

/** Deletes an alert, its webhook, its messages and their attempts. */
export async function deleteDeliveryRows(db: Db, accountId: string, alertId: string, webhookId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('delivery_attempts')
      .where('account_id', '=', accountId)
      .where('message_id', 'in', (eb) =>
        eb
          .selectFrom('outbox_messages')
          .select('id')
          .where('account_id', '=', accountId)
          .where('alert_id', '=', alertId),
      )
      .execute();
    await trx
      .deleteFrom('outbox_messages')
      .where('account_id', '=', accountId)
      .where('alert_id', '=', alertId)
      .execute();
    await trx.deleteFrom('alerts').where('account_id', '=', accountId).where('id', '=', alertId).execute();
    await trx.deleteFrom('webhooks').where('account_id', '=', accountId).where('id', '=', webhookId).execute();
  });
}
