import type { Kysely } from 'kysely';

// Flood control: each alert's quiet period, and the matches it holds back until the period ends.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alerts')
    .addColumn('quiet_period_minutes', 'integer', (col) => col.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('alerts').addColumn('notified_at', 'bigint').execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('suppressed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('alerts').addColumn('suppressed_since', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('suppressed_event', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('summary_due_at', 'bigint').execute();
  await db.schema.createIndex('alerts_summary_due_idx').on('alerts').column('summary_due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alerts_summary_due_idx').execute();
  for (const column of [
    'summary_due_at',
    'suppressed_event',
    'suppressed_since',
    'suppressed_count',
    'notified_at',
    'quiet_period_minutes',
  ]) {
    await db.schema.alterTable('alerts').dropColumn(column).execute();
  }
}
