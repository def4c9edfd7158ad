import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';
import { fillNameWords } from './name-key-backfill.ts';

// A name of five words or more was found by its first three words and its last, but not by those between:
// "silva" missed "João Pedro da Silva Santos", "la" missed "Pedro Alonso de la Vega". Each such name now
// keeps one row a middle word in `visitor_name_words`: its key from that word on, written where the name is;
// the search reads one range of its primary key beside the visitors' own key indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table if not exists visitor_name_words (
        account_id text not null,
        word_key text not null,
        visitor_id text not null,
        primary key (account_id, word_key, visitor_id)
      )${isPostgres(db) ? '' : ' without rowid'}`,
    )
    .execute(db);
  await fillNameWords(db);
  await analyzeLikeTheOthers(db, ['visitor_name_words']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists visitor_name_words`.execute(db);
}
