import { type Kysely, sql } from 'kysely';
import { namedColumns } from '../../lib/name-key.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';
import { rewriteVisitorKeys } from './name-key-backfill.ts';

// The people search found names through an index of `lower(name)`: "chloe" missed "Chloé", a typed "'"
// missed "O’Brien", and SQLite's `lower()` folds only A to Z, so a name with other letters needed one index
// range for each way it could be stored, and a surname alone found nobody. Each visitor now keeps
// `name_key`, the name as the search compares it (lib/name-key.ts), and `name_tail_key`, that key after its
// first word, both written where the name is; the search reads one range of each one's index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('name_key', 'text').execute();
  await db.schema.alterTable('visitors').addColumn('name_tail_key', 'text').execute();
  await rewriteVisitorKeys(db, {
    where: sql`name is not null`,
    source: 'name',
    columns: ['name_key', 'name_tail_key'],
    keysOf: namedColumns,
  });
  await sql`create index if not exists visitors_name_key_idx on visitors (account_id, name_key)`.execute(db);
  await sql`create index if not exists visitors_name_tail_key_idx on visitors (account_id, name_tail_key)`.execute(db);
  await sql`drop index if exists visitors_name_lower_idx`.execute(db);
  await analyzeLikeTheOthers(db, ['visitors_name_key_idx', 'visitors_name_tail_key_idx']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists visitors_name_lower_idx on visitors (account_id, lower(name))`.execute(db);
  await sql`drop index if exists visitors_name_key_idx`.execute(db);
  await sql`drop index if exists visitors_name_tail_key_idx`.execute(db);
  await db.schema.alterTable('visitors').dropColumn('name_tail_key').execute();
  await db.schema.alterTable('visitors').dropColumn('name_key').execute();
}
