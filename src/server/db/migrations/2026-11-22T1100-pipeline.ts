import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';

function publicKey(): string {
  return `pk_${crypto.randomBytes(16).toString('hex')}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The tracker snippet identifies its website by this key; it is public by design (it ships in pages).
  await db.schema.alterTable('websites').addColumn('public_key', 'text').execute();
  const websites = await sql<{ account_id: string; id: string }>`select account_id, id from websites`.execute(db);
  for (const website of websites.rows) {
    await sql`update websites set public_key = ${publicKey()} where account_id = ${website.account_id} and id = ${website.id}`.execute(
      db,
    );
  }
  await db.schema.createIndex('websites_public_key_idx').on('websites').column('public_key').unique().execute();

  await db.schema.alterTable('alerts').addColumn('last_fired_at', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('flagged_reason', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('failing_since', 'bigint').execute();
  await db.schema.alterTable('webhooks').addColumn('disabled_reason', 'text').execute();

  await db.schema
    .createTable('ingest_batches')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('batch_id', 'text', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ingest_batches_pk', ['account_id', 'website_id', 'batch_id'])
    .execute();

  await db.schema
    .createTable('session_events')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'integer', (col) => col.notNull())
    .addColumn('occurred_at', 'bigint', (col) => col.notNull())
    /** JSON: the event's own details (message, URL, status, selector, click count, name, properties). */
    .addColumn('data', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_events_pk', ['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('session_events_session_idx')
    .on('session_events')
    .columns(['account_id', 'session_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('alert_id', 'text', (col) => col.notNull())
    .addColumn('webhook_id', 'text')
    .addColumn('chat_channel_id', 'text')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('locked_by', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('outbox_messages_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('outbox_alert_idx')
    .on('outbox_messages')
    .columns(['account_id', 'alert_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('outbox_webhook_idx')
    .on('outbox_messages')
    .columns(['account_id', 'webhook_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'bigint')
    .addPrimaryKeyConstraint('delivery_attempts_pk', ['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('delivery_attempts_message_idx')
    .on('delivery_attempts')
    .columns(['account_id', 'message_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delivery_attempts', 'outbox_messages', 'session_events', 'ingest_batches']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('websites_public_key_idx').execute();
}
