import { type Kysely, sql } from 'kysely';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// People look for someone by surname first as often as by first name: "suzuki so" for Sofia Suzuki, "de
// vries fa" for Fatima de Vries, as directories and many languages write a name. The search found them
// only by reading every name that holds one of the words and checking it for the others: every Sofia before
// "sofia suzuki" and every name ending in Suzuki among three million visitors, about 3 ms of the database's
// time a search. The name's key from its second word on, then its first word ("suzuki sofia", "de vries
// fatima") is now an index of its own, so such a text is one range of it, as a name typed in its own order
// is of `name_key`'s. The key is an expression of the two keys every write already keeps, so no write
// changes; it goes on with the name's key and the id, the order the search lists people in. The search
// writes the same expression (`SURNAME_FIRST_KEY` in visitors-search-shape.ts), which both databases match
// to the index.
const INDEX = 'visitors_surname_first_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists ${sql.id(INDEX)} on visitors (account_id,
    (name_tail_key || ' ' || substr(name_key, 1, length(name_key) - length(name_tail_key) - 1)), name_key, id)`.execute(
    db,
  );
  await analyzeLikeTheOthers(db, [INDEX]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ${sql.id(INDEX)}`.execute(db);
}
