import { type Kysely, type RawBuilder, sql } from 'kysely';
import { nameWordKeys, namedColumns } from '../../lib/name-key.ts';
import { isPostgres } from '../database.ts';

const BATCH = 5_000;

type KeyColumn = 'name_key' | 'name_tail_key' | 'name_third_key' | 'name_last_key';

interface SourceRow {
  account_id: string;
  id: string;
  source: string;
}

/**
 * Hands the visitors already kept that `where` picks, with their `source` column, to `each` in batches in
 * key order, so a table of millions is never read or locked whole.
 */
async function walkVisitors(
  db: Kysely<unknown>,
  where: RawBuilder<unknown>,
  source: 'name' | 'name_key',
  each: (rows: SourceRow[]) => Promise<void>,
): Promise<void> {
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    const { rows }: { rows: SourceRow[] } = await sql<SourceRow>`
      select account_id, id, ${sql.ref(source)} as source from visitors
      where (${where}) ${after ? sql`and (account_id, id) > (${after.account_id}, ${after.id})` : sql``}
      order by account_id, id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    await each(rows);
    after = last;
  }
}

/**
 * Writes `columns` of the visitors already kept that `where` picks, as `keysOf` derives them from each
 * one's `source` column, a batch at a time. The others keep theirs.
 */
export async function rewriteVisitorKeys(
  db: Kysely<unknown>,
  options: {
    where: RawBuilder<unknown>;
    source: 'name' | 'name_key';
    columns: readonly KeyColumn[];
    keysOf: (source: string) => Partial<Record<KeyColumn, string | null>>;
  },
): Promise<void> {
  const { where, source, columns, keysOf } = options;
  await walkVisitors(db, where, source, async (rows) => {
    const keyed = rows.map((row) => ({ ...row, keys: keysOf(row.source) }));
    if (isPostgres(db)) {
      const sets = columns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`keyed.${column}`)}`);
      const arrays = columns.map((column) => sql`${keyed.map((row) => row.keys[column] ?? null)}::text[]`);
      await sql`update visitors set ${sql.join(sets)}
        from unnest(${keyed.map((row) => row.account_id)}::text[], ${keyed.map((row) => row.id)}::text[],
                    ${sql.join(arrays)})
             as keyed(account_id, id, ${sql.join(columns.map((column) => sql.ref(column)))})
        where visitors.account_id = keyed.account_id and visitors.id = keyed.id`.execute(db);
    } else {
      for (const row of keyed) {
        const sets = columns.map((column) => sql`${sql.ref(column)} = ${row.keys[column] ?? null}`);
        await sql`update visitors set ${sql.join(sets)}
          where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
      }
    }
  });
}

/**
 * Writes `column` of the visitors already kept whose `name_key` is `like` the pattern (the only ones with
 * such a key), as `keyOf` derives it from their `name_key`. The others keep null.
 */
export async function fillNameKey(
  db: Kysely<unknown>,
  column: 'name_last_key' | 'name_third_key',
  like: string,
  keyOf: (nameKey: string) => string | null,
): Promise<void> {
  await rewriteVisitorKeys(db, {
    where: sql`name_key like ${like}`,
    source: 'name_key',
    columns: [column],
    keysOf: (key) => ({ [column]: keyOf(key) }),
  });
}

/** The visitors whose `column` is `like` one of the patterns. */
export function likeAny(column: 'name' | 'name_key', likes: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    likes.map((like) => sql`${sql.ref(column)} like ${like}`),
    sql` or `,
  )})`;
}

/**
 * Writes every key of the visitors already kept that `where` picks, as now derived; with `nameWords`, their
 * name words too (the words their keys had are removed, the new ones written).
 */
export async function rekeyNames(
  db: Kysely<unknown>,
  where: RawBuilder<unknown>,
  options: { nameWords?: boolean } = {},
): Promise<void> {
  if (options.nameWords) {
    await walkVisitors(db, where, 'name_key', async (rows) => {
      const words = rows.flatMap((row) =>
        nameWordKeys(row.source).map((word) => sql`(${row.account_id}, ${word}, ${row.id})`),
      );
      for (let start = 0; start < words.length; start += WORDS_A_STATEMENT) {
        await sql`delete from visitor_name_words where (account_id, word_key, visitor_id)
          in (values ${sql.join(words.slice(start, start + WORDS_A_STATEMENT))})`.execute(db);
      }
    });
  }
  await rewriteVisitorKeys(db, {
    where,
    source: 'name',
    columns: ['name_key', 'name_tail_key', 'name_third_key', 'name_last_key'],
    keysOf: (name) => namedColumns(name),
  });
  if (options.nameWords) await fillNameWords(db, where);
}

/** Names of five words or more: four spaces in their key. */
const FIVE_WORDS = sql`name_key like '% % % % %'`;
/** A few hundred rows a statement stay within either database's limit on bound values. */
const WORDS_A_STATEMENT = 500;

/**
 * Writes the name words (`nameWordKeys`) of the visitors already kept whose names have five words or more
 * (or of those `where` picks), a batch at a time. Words already kept stay.
 */
export async function fillNameWords(db: Kysely<unknown>, where: RawBuilder<unknown> = FIVE_WORDS): Promise<void> {
  await walkVisitors(db, where, 'name_key', async (rows) => {
    const words = rows.flatMap((row) =>
      nameWordKeys(row.source).map((word) => sql`(${row.account_id}, ${word}, ${row.id})`),
    );
    for (let start = 0; start < words.length; start += WORDS_A_STATEMENT) {
      await sql`insert into visitor_name_words (account_id, word_key, visitor_id)
        values ${sql.join(words.slice(start, start + WORDS_A_STATEMENT))}
        on conflict (account_id, word_key, visitor_id) do nothing`.execute(db);
    }
  });
}
