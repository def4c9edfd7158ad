import { type Kysely, sql } from 'kysely';
import { namedColumns } from '../../lib/name-key.ts';
import { isPostgres } from '../database.ts';

const BATCH = 5_000;

interface KeyedVisitor {
  account_id: string;
  id: string;
  name_key: string;
}

/**
 * Writes `column` of the visitors already kept whose `name_key` is `like` the pattern (the only ones with
 * such a key), as `keyOf` derives it from their `name_key`: in batches in key order, so a table of
 * millions is never read or locked whole. The others keep null.
 */
export async function fillNameKey(
  db: Kysely<unknown>,
  column: 'name_last_key' | 'name_third_key',
  like: string,
  keyOf: (nameKey: string) => string | null,
): Promise<void> {
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    const { rows }: { rows: KeyedVisitor[] } = await sql<KeyedVisitor>`
      select account_id, id, name_key from visitors
      where name_key like ${like} ${after ? sql`and (account_id, id) > (${after.account_id}, ${after.id})` : sql``}
      order by account_id, id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const keyed = rows.map((row) => ({ ...row, key: keyOf(row.name_key) }));
    if (isPostgres(db)) {
      await sql`update visitors set ${sql.ref(column)} = keyed.key
        from unnest(${keyed.map((row) => row.account_id)}::text[], ${keyed.map((row) => row.id)}::text[],
                    ${keyed.map((row) => row.key)}::text[])
             as keyed(account_id, id, key)
        where visitors.account_id = keyed.account_id and visitors.id = keyed.id`.execute(db);
    } else {
      for (const row of keyed) {
        await sql`update visitors set ${sql.ref(column)} = ${row.key}
          where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
      }
    }
    after = last;
  }
}

interface NamedVisitor {
  account_id: string;
  id: string;
  name: string;
}

const KEY_COLUMNS = ['name_key', 'name_tail_key', 'name_third_key', 'name_last_key'] as const;

/**
 * Writes every key of the visitors already kept whose name is `like` one of the patterns, as
 * `namedColumns` derives them now: in batches in key order, so a table of millions is never read or
 * locked whole. The others keep theirs.
 */
export async function rekeyNames(db: Kysely<unknown>, likes: string[]): Promise<void> {
  const named = sql.join(
    likes.map((like) => sql`name like ${like}`),
    sql` or `,
  );
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    const { rows }: { rows: NamedVisitor[] } = await sql<NamedVisitor>`
      select account_id, id, name from visitors
      where (${named}) ${after ? sql`and (account_id, id) > (${after.account_id}, ${after.id})` : sql``}
      order by account_id, id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const keyed = rows.map((row) => ({ ...row, ...namedColumns(row.name) }));
    if (isPostgres(db)) {
      const keys = KEY_COLUMNS.map((column) => sql`${keyed.map((row) => row[column])}::text[]`);
      await sql`update visitors set name_key = keyed.name_key, name_tail_key = keyed.name_tail_key,
          name_third_key = keyed.name_third_key, name_last_key = keyed.name_last_key
        from unnest(${keyed.map((row) => row.account_id)}::text[], ${keyed.map((row) => row.id)}::text[],
                    ${sql.join(keys)})
             as keyed(account_id, id, ${sql.join(KEY_COLUMNS.map((column) => sql.ref(column)))})
        where visitors.account_id = keyed.account_id and visitors.id = keyed.id`.execute(db);
    } else {
      for (const row of keyed) {
        await sql`update visitors set name_key = ${row.name_key}, name_tail_key = ${row.name_tail_key},
            name_third_key = ${row.name_third_key}, name_last_key = ${row.name_last_key}
          where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
      }
    }
    after = last;
  }
}
