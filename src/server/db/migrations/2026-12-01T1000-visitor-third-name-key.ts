import { type Kysely, sql } from 'kysely';
import { nameThirdKey } from '../../lib/name-key.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';
import { fillNameKey } from './name-key-backfill.ts';

// A name of four words or more was found by its first, its second and its last word, but not by those
// between: "lopez" missed "Ana María López García", "der" missed "Jan van der Berg". Each visitor whose
// name has four words or more now keeps `name_third_key`, `name_key` from its third word on, written where
// the name is; the search reads one range of its index beside the others.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('name_third_key', 'text').execute();
  // Only names with three spaces in their key have one.
  await fillNameKey(db, 'name_third_key', '% % % %', nameThirdKey);
  await sql`create index if not exists visitors_name_third_key_idx on visitors (account_id, name_third_key)`.execute(
    db,
  );
  await analyzeLikeTheOthers(db, ['visitors_name_third_key_idx']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists visitors_name_third_key_idx`.execute(db);
  await db.schema.alterTable('visitors').dropColumn('name_third_key').execute();
}
