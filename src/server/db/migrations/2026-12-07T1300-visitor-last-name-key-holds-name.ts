import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// The people search also reads a text of several words in any order from the last words of names of three
// words or more ("garcia lopez" finds Ana María López García by "garcia"), checking the other words on
// the name's key (visitors-search-statement.repository.ts). With the last words' index alone, each key's
// row was fetched to check it: a common surname with a word nobody has read a row for every name that
// ends with it. The index now holds the name's key too (and on PostgreSQL the id), so the keys are checked
// and the people found on the index alone. Its first two columns are the old index's: the last-word prefix
// read uses it as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await (
    isPostgres(db)
      ? sql`create index if not exists visitors_name_last_key_name_idx
          on visitors (account_id, name_last_key) include (name_key, id)`
      : sql`create index if not exists visitors_name_last_key_name_idx
          on visitors (account_id, name_last_key, name_key)`
  ).execute(db);
  await analyzeLikeTheOthers(db, ['visitors_name_last_key_name_idx']);
  await sql`drop index if exists visitors_name_last_key_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists visitors_name_last_key_idx on visitors (account_id, name_last_key)`.execute(db);
  await analyzeLikeTheOthers(db, ['visitors_name_last_key_idx']);
  await sql`drop index if exists visitors_name_last_key_name_idx`.execute(db);
}
