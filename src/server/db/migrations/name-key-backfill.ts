import { type Kysely, type RawBuilder, sql } from 'kysely';
import { nameWordKeys, namedColumns } from '../../lib/name-key.ts';
import { isPostgres } from '../database.ts';

const BATCH = 5_000;

type KeyColumn = 'name_key' | 'name_tail_key' | 'name_third_key' | 'name_last_key';

interface SourceRow {
  account_id: string;
  id: string;
  source: string;
  /** The name's key as kept. */
  name_key: string | null;
}

/**
 * Hands the visitors already kept that `where` picks, with their `source` column and name key, to `each`
 * in batches in key order, so a table of millions is never read or locked whole.
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
      select account_id, id, ${sql.ref(source)} as source, name_key from visitors
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
  await walkVisitors(db, where, source, (rows) =>
    writeKeys(
      db,
      rows.map((row) => ({ ...row, keys: keysOf(row.source) })),
      columns,
    ),
  );
}

/** Writes `columns` of each visitor as its `keys` give them. */
async function writeKeys(
  db: Kysely<unknown>,
  keyed: { account_id: string; id: string; keys: Partial<Record<KeyColumn, string | null>> }[],
  columns: readonly KeyColumn[],
): Promise<void> {
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
 * name words too (those they had are removed, the new ones written), all in one walk.
 */
export async function rekeyNames(
  db: Kysely<unknown>,
  where: RawBuilder<unknown>,
  options: { nameWords?: boolean } = {},
): Promise<void> {
  const columns = ['name_key', 'name_tail_key', 'name_third_key', 'name_last_key'] as const;
  await walkVisitors(db, where, 'name', async (rows) => {
    const keyed = rows.map((row) => ({ ...row, keys: namedColumns(row.source) }));
    if (options.nameWords) {
      await changeNameWords(
        db,
        'delete',
        rows.map((row) => [sql`(${row.account_id}, ${row.id})`]),
      );
    }
    await writeKeys(db, keyed, columns);
    if (options.nameWords) await changeNameWords(db, 'insert', rows.map(wordRows));
  });
}

/** Names of five words or more: four spaces in their key. */
const FIVE_WORDS = sql`name_key like '% % % % %'`;
/** A few hundred rows a statement stay within either database's limit on bound values. */
const WORDS_A_STATEMENT = 500;

/** The name words of a visitor (`nameWordKeys` of its name, its `source`), as rows to write. */
const wordRows = (row: SourceRow) =>
  nameWordKeys(row.source).map((word) => sql`(${row.account_id}, ${word}, ${row.id})`);

/**
 * Writes these name words (those already kept stay), or removes every name word of these visitors (each an
 * account and a visitor id), a few hundred a statement.
 */
async function changeNameWords(
  db: Kysely<unknown>,
  change: 'insert' | 'delete',
  perVisitor: RawBuilder<unknown>[][],
): Promise<void> {
  const rows = perVisitor.flat();
  // A removal reads the account's name words once a statement (they are kept by word): the whole batch at once.
  const perStatement = change === 'insert' ? WORDS_A_STATEMENT : BATCH;
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = sql`values ${sql.join(rows.slice(start, start + perStatement))}`;
    await (
      change === 'insert'
        ? sql`insert into visitor_name_words (account_id, word_key, visitor_id) ${values}
          on conflict (account_id, word_key, visitor_id) do nothing`
        : sql`delete from visitor_name_words where (account_id, visitor_id) in (${values})`
    ).execute(db);
  }
}

/**
 * Writes the name words (`nameWordKeys`) of the visitors already kept whose names have five words or more,
 * a batch at a time. Words already kept stay.
 */
export async function fillNameWords(db: Kysely<unknown>): Promise<void> {
  await walkVisitors(db, FIVE_WORDS, 'name', (rows) => changeNameWords(db, 'insert', rows.map(wordRows)));
}
