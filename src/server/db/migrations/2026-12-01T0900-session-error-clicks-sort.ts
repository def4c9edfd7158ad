import { type Kysely, sql } from 'kysely';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// The list sorts by error clicks too, like the other frustration signals: an index ending in id, so a
// first page in that order is a short index scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists sessions_sort_error_clicks_idx
    on sessions (account_id, error_clicks, id)`.execute(db);
  await analyzeLikeTheOthers(db, ['sessions_sort_error_clicks_idx']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sessions_sort_error_clicks_idx`.execute(db);
}
