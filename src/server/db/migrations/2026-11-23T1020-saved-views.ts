import type { Kysely } from 'kysely';

// Named sessions-list filters and sort. `owner_key` is who created it (a person or an API token);
// shared views are listed to the whole account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('owner_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    /** JSON object: the sessions list's query parameters. */
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('shared', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_views_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('saved_views_owner_idx').on('saved_views').columns(['account_id', 'owner_key']).execute();
  await db.schema.createIndex('saved_views_shared_idx').on('saved_views').columns(['account_id', 'shared']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
