import { type Kysely, sql } from 'kysely';
import { nameLastKey } from '../../lib/name-key.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';
import { fillNameKey } from './name-key-backfill.ts';

// A name of three words or more was found by its start and from its second word on, but not by its last
// word alone: "lopez" missed "Ana María López". Each visitor whose name has three words or more now keeps
// `name_last_key`, that last word of `name_key`, written where the name is; the search reads one range
// of its index after the other two.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('name_last_key', 'text').execute();
  // Only names with two spaces in their key have one.
  await fillNameKey(db, 'name_last_key', '% % %', nameLastKey);
  await sql`create index if not exists visitors_name_last_key_idx on visitors (account_id, name_last_key)`.execute(db);
  await analyzeLikeTheOthers(db, ['visitors_name_last_key_idx']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists visitors_name_last_key_idx`.execute(db);
  await db.schema.alterTable('visitors').dropColumn('name_last_key').execute();
}
