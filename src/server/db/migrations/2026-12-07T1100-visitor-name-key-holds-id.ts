import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// The people search reads a text of several words in any order from the names' key index, checking the
// other words on each key (visitors-search-statement.repository.ts). PostgreSQL fetched each key's row to
// check it: a common first name with a word nobody has read 25,000 rows, 45–75 ms. Its index now holds the
// visitor's id too, so the keys are checked and the ids found on the index alone (an index-only scan), and
// only the people found are fetched. SQLite checks a key on the index before it fetches the row, and keeps
// its index.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index if not exists visitors_name_key_id_idx on visitors (account_id, name_key) include (id)`.execute(
    db,
  );
  await sql`drop index if exists visitors_name_key_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index if not exists visitors_name_key_idx on visitors (account_id, name_key)`.execute(db);
  await sql`drop index if exists visitors_name_key_id_idx`.execute(db);
}
