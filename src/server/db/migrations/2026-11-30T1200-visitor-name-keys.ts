import { type Kysely, sql } from 'kysely';
import { namedColumns } from '../../lib/name-key.ts';
import { isPostgres } from '../database.ts';
import { analyzeLikeTheOthers } from './index-statistics.ts';

// The people search found names through an index of `lower(name)`: "chloe" missed "Chloé", a typed "'"
// missed "O’Brien", and SQLite's `lower()` folds only A to Z, so a name with other letters needed one index
// range for each way it could be stored, and a surname alone found nobody. Each visitor now keeps
// `name_key`, the name as the search compares it (lib/name-key.ts), and `name_tail_key`, that key after its
// first word, both written where the name is; the search reads one range of each one's index.
const BATCH = 5_000;

interface NamedVisitor {
  account_id: string;
  id: string;
  name: string;
}

async function fillNameKeys(db: Kysely<unknown>): Promise<void> {
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    const { rows }: { rows: NamedVisitor[] } = await sql<NamedVisitor>`
      select account_id, id, name from visitors
      where name is not null ${after ? sql`and (account_id, id) > (${after.account_id}, ${after.id})` : sql``}
      order by account_id, id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const keyed = rows.map((row) => {
      const { name_key: key, name_tail_key: tail } = namedColumns(row.name);
      return { ...row, key, tail };
    });
    if (isPostgres(db)) {
      await sql`update visitors set name_key = keyed.key, name_tail_key = keyed.tail
        from unnest(${keyed.map((row) => row.account_id)}::text[], ${keyed.map((row) => row.id)}::text[],
                    ${keyed.map((row) => row.key)}::text[], ${keyed.map((row) => row.tail)}::text[])
             as keyed(account_id, id, key, tail)
        where visitors.account_id = keyed.account_id and visitors.id = keyed.id`.execute(db);
    } else {
      for (const row of keyed) {
        await sql`update visitors set name_key = ${row.key}, name_tail_key = ${row.tail}
          where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
      }
    }
    after = last;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('name_key', 'text').execute();
  await db.schema.alterTable('visitors').addColumn('name_tail_key', 'text').execute();
  await fillNameKeys(db);
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
