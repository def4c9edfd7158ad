import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Recording settings per website, a retention period per account, and the compressed rrweb chunks of
// each recorded session. A missing settings or retention row means the defaults, so existing websites
// and accounts need no backfill.
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = isPostgres(db) ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('recording_settings')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('sample_rate', 'integer', (col) => col.notNull())
    .addColumn('mask_all_inputs', 'integer', (col) => col.notNull())
    .addColumn('mask_all_text', 'integer', (col) => col.notNull())
    .addColumn('mask_selectors', 'text', (col) => col.notNull())
    .addColumn('block_selectors', 'text', (col) => col.notNull())
    .addColumn('strip_query_params', 'text', (col) => col.notNull())
    .addColumn('respect_gpc', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('recording_settings_pk', ['account_id', 'website_id'])
    .execute();

  await db.schema
    .createTable('retention_policies')
    .addColumn('account_id', 'text', (col) => col.notNull().primaryKey())
    .addColumn('days', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recording_chunks')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('data', binary, (col) => col.notNull())
    .addColumn('compressed_bytes', 'integer', (col) => col.notNull())
    .addColumn('raw_bytes', 'integer', (col) => col.notNull())
    .addColumn('first_event_at', 'bigint', (col) => col.notNull())
    .addColumn('last_event_at', 'bigint', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('clock_offset_ms', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('recording_chunks_pk', ['account_id', 'session_id', 'chunk_index'])
    .execute();
  // The retention job deletes the oldest expired chunks first, across accounts.
  await db.schema.createIndex('recording_chunks_expiry_idx').on('recording_chunks').column('expires_at').execute();
  // Retention of events and delivery history by age, in bounded batches.
  await db.schema
    .createIndex('session_events_age_idx')
    .on('session_events')
    .columns(['account_id', 'occurred_at'])
    .execute();
  await db.schema.createIndex('outbox_age_idx').on('outbox_messages').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createIndex('delivery_attempts_age_idx')
    .on('delivery_attempts')
    .columns(['account_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['delivery_attempts_age_idx', 'outbox_age_idx', 'session_events_age_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of ['recording_chunks', 'retention_policies', 'recording_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
