import type { Kysely } from 'kysely';

// After a rotation the previous signing secret keeps signing for a while, beside the new one, so
// receivers can switch without rejecting deliveries. Stored like `secret` (as is), never shown.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('previous_secret_expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('previous_secret_expires_at').execute();
  await db.schema.alterTable('webhooks').dropColumn('previous_secret').execute();
}
