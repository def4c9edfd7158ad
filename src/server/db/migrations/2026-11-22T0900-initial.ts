import type { Kysely } from 'kysely';

// Written with the schema builder only, so the same migration runs on SQLite and PostgreSQL.
// Booleans are 0/1 integers and JSON is text on both, which keeps queries dialect-free.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('websites')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('websites_pk', ['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addPrimaryKeyConstraint('api_tokens_pk', ['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('webhooks_pk', ['account_id', 'id'])
    .addForeignKeyConstraint('webhooks_website_fk', ['account_id', 'website_id'], 'websites', ['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhooks_created_idx')
    .on('webhooks')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('chat_channel_id', 'text')
    .addColumn('webhook_id', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('alerts_pk', ['account_id', 'id'])
    .addForeignKeyConstraint('alerts_webhook_fk', ['account_id', 'webhook_id'], 'webhooks', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('alerts_created_idx').on('alerts').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('alerts_webhook_idx').on('alerts').columns(['account_id', 'webhook_id']).execute();

  await db.schema
    .createTable('visitors')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('email_lower', 'text')
    .addColumn('email_hash', 'text')
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('first_session_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('last_session_timestamp', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('visitors_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('visitors_email_idx').on('visitors').columns(['account_id', 'email_lower']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('visitor_id', 'text', (col) => col.notNull())
    .addColumn('creation_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('duration', 'integer', (col) => col.notNull())
    .addColumn('end_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('active_time', 'integer', (col) => col.notNull())
    .addColumn('start_url', 'text', (col) => col.notNull())
    .addColumn('end_url', 'text', (col) => col.notNull())
    .addColumn('expiration_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('last_event_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('last_seen_page_view_id', 'text', (col) => col.notNull())
    .addColumn('seen', 'integer', (col) => col.notNull())
    .addColumn('referrer', 'text', (col) => col.notNull())
    .addColumn('visitor_first_session', 'integer', (col) => col.notNull())
    .addColumn('engagement_score', 'real', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('resolution_width', 'integer', (col) => col.notNull())
    .addColumn('resolution_height', 'integer', (col) => col.notNull())
    .addColumn('os_name', 'text', (col) => col.notNull())
    .addColumn('os_version', 'text', (col) => col.notNull())
    .addColumn('browser_description', 'text', (col) => col.notNull())
    .addColumn('browser_name', 'text', (col) => col.notNull())
    .addColumn('browser_version', 'text', (col) => col.notNull())
    .addColumn('utm_source', 'text', (col) => col.notNull())
    .addColumn('utm_medium', 'text', (col) => col.notNull())
    .addColumn('utm_campaign', 'text', (col) => col.notNull())
    .addColumn('utm_term', 'text', (col) => col.notNull())
    .addColumn('utm_content', 'text', (col) => col.notNull())
    .addColumn('page_views', 'integer', (col) => col.notNull())
    .addColumn('clicks', 'integer', (col) => col.notNull())
    .addColumn('error_clicks', 'integer', (col) => col.notNull())
    .addColumn('rage_clicks', 'integer', (col) => col.notNull())
    .addColumn('error_logs', 'integer', (col) => col.notNull())
    .addColumn('net_errors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sessions_pk', ['account_id', 'id'])
    .execute();
  // One index per filter shape, each ending in the list order so a page is an index range scan.
  await db.schema
    .createIndex('sessions_order_idx')
    .on('sessions')
    .columns(['account_id', 'creation_timestamp', 'id'])
    .execute();
  await db.schema
    .createIndex('sessions_visitor_idx')
    .on('sessions')
    .columns(['account_id', 'visitor_id', 'creation_timestamp', 'id'])
    .execute();
  await db.schema
    .createIndex('sessions_website_idx')
    .on('sessions')
    .columns(['account_id', 'website_id', 'creation_timestamp', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'visitors', 'alerts', 'webhooks', 'api_tokens', 'websites', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
