import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('users_pk', ['account_id', 'id'])
    .execute();
  // People sign in with an e-mail alone, so it is unique across accounts.
  await db.schema.createIndex('users_email_idx').on('users').column('email').unique().execute();

  await db.schema
    .createTable('login_sessions')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('id_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('login_sessions_pk', ['account_id', 'id_hash'])
    .addForeignKeyConstraint('login_sessions_user_fk', ['account_id', 'user_id'], 'users', ['account_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('login_sessions_hash_idx').on('login_sessions').column('id_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_sessions').execute();
  await db.schema.dropTable('users').execute();
}
