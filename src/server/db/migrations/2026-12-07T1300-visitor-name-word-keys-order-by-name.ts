import { type Kysely, sql } from 'kysely';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// The people search reads the names whose second word on, third word on or last word starts with the text
// from an index of that key (visitors-search-statement.repository.ts), the first rows in the key's order,
// and lists them by key, then by whole name, then by id. The indexes held the key alone, so among the many
// people a key ties (48 whose names end in "de Vries") the read took whichever rows came first, not the
// first by name: Anna de Vries was missing from the first 20, and `limit=4` was not the first 4 of
// `limit=20`. Each index now holds the name's key and the id after its own key, so the read takes the rows
// in the order they are listed. The last words' index also serves the reads of a text's words in any order
// from a name's last word, whose other words are checked on the name's key: with it in the index, only the
// people found are fetched.
const INDEXES = [
  { column: 'name_tail_key', before: 'visitors_name_tail_key_idx', after: 'visitors_name_tail_key_name_idx' },
  { column: 'name_third_key', before: 'visitors_name_third_key_idx', after: 'visitors_name_third_key_name_idx' },
  { column: 'name_last_key', before: 'visitors_name_last_key_idx', after: 'visitors_name_last_key_name_idx' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { column, before, after } of INDEXES) {
    await sql`create index if not exists ${sql.id(after)} on visitors (account_id, ${sql.id(column)}, name_key, id)`.execute(
      db,
    );
    await analyzeLikeTheOthers(db, [after]);
    await sql`drop index if exists ${sql.id(before)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { column, before, after } of INDEXES) {
    await sql`create index if not exists ${sql.id(before)} on visitors (account_id, ${sql.id(column)})`.execute(db);
    await analyzeLikeTheOthers(db, [before]);
    await sql`drop index if exists ${sql.id(after)}`.execute(db);
  }
}
