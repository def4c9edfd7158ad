import type { Kysely } from 'kysely';

// Alert thresholds: fire only once N matches happened within M minutes. The times of the latest
// matches within the window live on the alert's row, which ingestion already locks to count.
// The index lets the alert preview read the last days' events of a few kinds without the others.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('threshold_count', 'integer').execute();
  await db.schema.alterTable('alerts').addColumn('threshold_window_minutes', 'integer').execute();
  await db.schema.alterTable('alerts').addColumn('threshold_matches_at', 'text').execute();
  await db.schema
    .createIndex('session_events_kind_idx')
    .on('session_events')
    .columns(['account_id', 'kind', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('session_events_kind_idx').execute();
  for (const column of ['threshold_matches_at', 'threshold_window_minutes', 'threshold_count']) {
    await db.schema.alterTable('alerts').dropColumn(column).execute();
  }
}
