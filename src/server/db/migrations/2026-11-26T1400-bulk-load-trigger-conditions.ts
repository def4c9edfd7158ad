import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// On PostgreSQL the row triggers that a bulk load stands aside from (the rollups, the visitors' counts,
// the pages and the distinct text values) checked `session_analytics.bulk_load` inside their functions,
// so every loaded row still queued an event and called a PL/pgSQL function that returned at once. As a
// WHEN condition the check runs when the row is written and nothing is queued: copying 20,000 sessions
// into a table with these five triggers took 440–470 ms against 230–260 ms with none. The functions keep
// their own check. SQLite has no such setting: its loads drop and recreate the triggers.

const NOT_BULK_LOAD = "current_setting('session_analytics.bulk_load', true) is distinct from 'on'";

const TRIGGERS = [
  { name: 'sessions_count_insert', table: 'sessions', events: 'insert or delete', fn: 'session_hourly_counts_apply' },
  {
    name: 'visitor_sessions_count_insert',
    table: 'sessions',
    events: 'insert or delete',
    fn: 'visitor_session_count_apply',
  },
  { name: 'sessions_facets_insert', table: 'sessions', events: 'insert or delete', fn: 'session_hourly_facets_apply' },
  {
    name: 'sessions_text_facets_insert',
    table: 'sessions',
    events: 'insert or delete',
    fn: 'session_text_facets_apply',
  },
  { name: 'sessions_pages_insert', table: 'sessions', events: 'insert or delete', fn: 'session_pages_apply' },
  { name: 'session_pages_value', table: 'session_pages', events: 'insert', fn: 'session_text_value_apply' },
  {
    name: 'session_facets_text_value',
    table: 'session_hourly_facets',
    events: 'insert',
    fn: 'session_text_value_apply',
    condition: "new.facet in ('start_url', 'referrer')",
  },
];

async function recreate(db: Kysely<unknown>, skipBulkLoad: boolean): Promise<void> {
  for (const trigger of TRIGGERS) {
    const conditions = [trigger.condition, skipBulkLoad ? NOT_BULK_LOAD : undefined].filter(Boolean);
    const when = conditions.length > 0 ? `when (${conditions.join(' and ')})` : '';
    await sql.raw(`drop trigger "${trigger.name}" on "${trigger.table}"`).execute(db);
    await sql
      .raw(
        `create trigger "${trigger.name}" after ${trigger.events} on "${trigger.table}"
         for each row ${when} execute function ${trigger.fn}()`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await recreate(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await recreate(db, false);
}
