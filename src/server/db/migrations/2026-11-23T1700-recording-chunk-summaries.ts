import type { Kysely } from 'kysely';

// A chunk's row holds its data before its sizes and times, and SQLite keeps a large blob in a chain of
// overflow pages that it walks to reach the columns after it: summing a session's stored bytes (on every
// chunk received) or listing its chunks read the whole recording. Every column but the data in an index
// lets both queries read the index alone, on SQLite and PostgreSQL alike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('recording_chunks_summary_idx')
    .on('recording_chunks')
    .columns([
      'account_id',
      'session_id',
      'chunk_index',
      'compressed_bytes',
      'raw_bytes',
      'first_event_at',
      'last_event_at',
      'received_at',
      'clock_offset_ms',
      'expires_at',
      'website_id',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recording_chunks_summary_idx').execute();
}
