import type { Kysely } from 'kysely';

// A website's description, which clients of the hosted service send when they create one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('websites')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('websites').dropColumn('description').execute();
}
