import { type Kysely, sql } from 'kysely';
import { nameThirdKey } from '../../lib/name-key.ts';
import { isPostgres } from '../database.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// A name of four words or more was found by its first, its second and its last word, but not by those
// between: "lopez" missed "Ana María López García", "der" missed "Jan van der Berg". Each visitor whose
// name has four words or more now keeps `name_third_key`, `name_key` from its third word on, written where
// the name is; the search reads one range of its index beside the others.
const BATCH = 5_000;

interface KeyedVisitor {
  account_id: string;
  id: string;
  name_key: string;
}

async function fillThirdKeys(db: Kysely<unknown>): Promise<void> {
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    // Only names with three spaces in their key have a third key; the others keep null.
    const { rows }: { rows: KeyedVisitor[] } = await sql<KeyedVisitor>`
      select account_id, id, name_key from visitors
      where name_key like '% % % %' ${after ? sql`and (account_id, id) > (${after.account_id}, ${after.id})` : sql``}
      order by account_id, id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const keyed = rows.map((row) => ({ ...row, key: nameThirdKey(row.name_key) }));
    if (isPostgres(db)) {
      await sql`update visitors set name_third_key = keyed.key
        from unnest(${keyed.map((row) => row.account_id)}::text[], ${keyed.map((row) => row.id)}::text[],
                    ${keyed.map((row) => row.key)}::text[])
             as keyed(account_id, id, key)
        where visitors.account_id = keyed.account_id and visitors.id = keyed.id`.execute(db);
    } else {
      for (const row of keyed) {
        await sql`update visitors set name_third_key = ${row.key}
          where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
      }
    }
    after = last;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('name_third_key', 'text').execute();
  await fillThirdKeys(db);
  await sql`create index if not exists visitors_name_third_key_idx on visitors (account_id, name_third_key)`.execute(
    db,
  );
  await analyzeLikeTheOthers(db, ['visitors_name_third_key_idx']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists visitors_name_third_key_idx`.execute(db);
  await db.schema.alterTable('visitors').dropColumn('name_third_key').execute();
}
