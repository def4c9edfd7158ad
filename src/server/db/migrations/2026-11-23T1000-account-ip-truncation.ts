import type { Kysely } from 'kysely';

// Account settings are columns of accounts, one per setting, each with a default that keeps today's behaviour.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('ip_truncation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('ip_truncation').execute();
}
