import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Every recorded session updates its hour's row in session_hourly_counts. On PostgreSQL, free room in
// each page lets those updates stay heap-only (HOT), so the table and its index do not bloat between
// vacuums. SQLite updates in place and needs nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table session_hourly_counts set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table session_hourly_counts reset (fillfactor, autovacuum_vacuum_scale_factor)`.execute(db);
}
