import type { Kysely } from 'kysely';

// Which columns of the sessions list each person (or API token) shows, so the choice follows them from
// browser to browser. `columns` is a JSON object of column names to whether they show.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_column_choices')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('owner_key', 'text', (col) => col.notNull())
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_column_choices_pk', ['account_id', 'owner_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_column_choices').execute();
}
