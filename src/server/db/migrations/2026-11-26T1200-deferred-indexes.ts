import type { Kysely } from 'kysely';

// The secondary indexes a bulk load has dropped and not yet built again, with the statements that build
// them: written in the same transaction as the drops, so a load that fails or is killed halfway leaves
// the list behind, and the next start or load builds them (src/server/seed/deferred-indexes.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deferred_indexes')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('definition', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deferred_indexes').execute();
}
