import type { Kysely } from 'kysely';

// An alert can be snoozed: until this time its matches send nothing and are not counted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('snoozed_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').dropColumn('snoozed_until').execute();
}
