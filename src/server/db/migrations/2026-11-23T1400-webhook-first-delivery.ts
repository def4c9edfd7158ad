import { type Kysely, sql } from 'kysely';

// A webhook that has never delivered says so rather than "succeeding": it remembers its first success,
// taken for existing webhooks from the delivery history still kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('first_delivered_at', 'bigint').execute();
  await sql`
    UPDATE webhooks SET first_delivered_at = (
      SELECT MIN(outbox_messages.delivered_at) FROM outbox_messages
      WHERE outbox_messages.account_id = webhooks.account_id AND outbox_messages.webhook_id = webhooks.id
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('first_delivered_at').execute();
}
