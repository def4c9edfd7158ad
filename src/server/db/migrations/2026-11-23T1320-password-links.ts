import type { Kysely } from 'kysely';

// One-time links with which a new person sets their first password, or anyone sets a new one an admin
// issued. Only the SHA-256 of the link's secret is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_links')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('password_links_user_idx')
    .on('password_links')
    .columns(['account_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_links').execute();
}
