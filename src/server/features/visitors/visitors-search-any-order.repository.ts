import { type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import {
  NAME_CANDIDATES,
  notAnEmailMatch,
  ORDERED_BY_NAME,
  PARTS,
  SEARCH_COLUMNS,
  type SearchShape,
  type SearchValues,
  WITH_NAME_WORDS,
} from './visitors-search-shape.ts';

// The people search's reads in any order: the names holding each word of a text of several words.

/** Where a read in any order looks for the word it starts from. */
type AnyOrderColumn = (typeof ANY_ORDER_COLUMNS)[number];

/**
 * A read of the names whose first word (`name_key`), last word of three or more (`name_last_key`), or a word
 * as people also type it (`word_key`: a joined particle, an apostrophe, a dash; `nameWordKeys`) starts with
 * `word` and that hold, after a space, each of `others` (the text's other words), but not of people whose
 * e-mail starts with the text. The keys are checked on the index: the names' key index holds the id too on
 * PostgreSQL (migration 2026-12-07T1100), so only the people found are fetched, however many names start
 * with the word; the last words' range holds only the names of three words or more. A name word of one word
 * ("devries" of "Anna de Vries") is checked against the name's key, a longer one against itself: "jeanpierre
 * dupont", Jean-Pierre Dupont as also typed, holds "dupont" of the text "dupont jeanpierre".
 */
function anyOrderPart(
  db: Db,
  values: SearchValues,
  at: { part: number; word: number; column: AnyOrderColumn },
  others: number,
  rows: number,
) {
  const { part, word } = at;
  const onNameWords = at.column === 'word_key';
  const table = onNameWords ? 'visitor_name_words' : 'visitors';
  const column = sql.ref(`${table}.${at.column}`);
  const contains = isPostgres(db) ? sql.raw('strpos') : sql.raw('instr');
  const holdsEveryOther = (key: RawBuilder<unknown>) =>
    sql.join(
      Array.from(
        { length: others },
        (_, other) => sql`${contains}(' ' || ${key}, ${values[`word${word}Other${other}`] ?? ''}) > 0`,
      ),
      sql` and `,
    );
  // A name word of one word ("devries") is a later word of the name, whose other words the name's key holds;
  // a longer one ("jeanpierre dupont") is the name as also typed from that word on, and holds them itself.
  // Written as two conditions, the first of the name word alone, so it is checked before the name is read.
  const holds = onNameWords
    ? sql`(${contains}(${column}, ' ') = 0 or ${holdsEveryOther(column)})
        and (${contains}(${column}, ' ') > 0 or ${holdsEveryOther(sql.ref('visitors.name_key'))})`
    : holdsEveryOther(sql.ref('visitors.name_key'));
  const ties = onNameWords
    ? sql`, visitor_name_words.visitor_id`
    : ORDERED_BY_NAME.has(`visitors.${at.column}`)
      ? sql`, visitors.name_key, visitors.id`
      : sql``;
  // The range ends where it starts (empty) unless each of the text's first words starts someone's word: a
  // bound of the range is worked out once, before it is read, where SQLite checks a condition with a subquery
  // at every row.
  const from = values[`word${word}`] ?? '';
  const to = sql`case when (select started from ${sql.raw(TEXT_WORDS)}) then ${values[`word${word}End`] ?? ''}
    else ${from} end`;
  const found = sql`select visitors.id as found_id from ${onNameWords ? WITH_NAME_WORDS : sql`visitors`}
    where ${sql.ref(`${table}.account_id`)} = ${values.account}
      and ${column} >= ${from} and ${column} < ${to}
      and ${holds}
    order by ${column}${ties}
    limit ${sql.lit(NAME_CANDIDATES)}`;
  return sql`select * from (select ${sql.lit(part)} as part, visitors.name_key as sort_key, ${SEARCH_COLUMNS}
    from (${found}) as found
      inner join visitors on visitors.account_id = ${values.account} and visitors.id = found.found_id
    where ${notAnEmailMatch(values, sql`visitors`)}
    limit ${sql.lit(rows)}) as ${sql.raw(`part_${part}`)}`;
}

/** The statement's one row that tells whether each of the text's words starts someone's word. */
const TEXT_WORDS = 'text_words';

/**
 * Whether any word of any name of the account starts in a range: every word of a name's key starts one of its
 * keys (its first, its second, its third of four words or more, a middle one of five or more among the name
 * words, its last of three or more), and so does every word of a name as also typed.
 */
function someNameWordStarts(values: SearchValues, range: { from: string; to: string }) {
  const starts = (key: string) => sql`exists (select 1 from visitors where visitors.account_id = ${values.account}
    and ${sql.ref(`visitors.${key}`)} >= ${range.from} and ${sql.ref(`visitors.${key}`)} < ${range.to})`;
  return sql`(${sql.join(
    ['name_key', 'name_tail_key', 'name_third_key', 'name_last_key'].map(starts),
    sql` or `,
  )} or exists (select 1 from visitor_name_words where visitor_name_words.account_id = ${values.account}
    and visitor_name_words.word_key >= ${range.from} and visitor_name_words.word_key < ${range.to}))`;
}

/**
 * Whether each of the text's first words starts someone's word, worked out once for every read in any order:
 * a name holds each word of the text, so when one starts no one's word ("vries qx") the reads are empty at
 * once, instead of checking every name that holds another word (27,685 ending in "vries" among 3,126,886
 * visitors).
 */
function textWordsStarted(values: SearchValues, words: number) {
  const started = Array.from({ length: words }, (_, word) =>
    someNameWordStarts(values, { from: values[`textWord${word}`] ?? '', to: values[`textWord${word}End`] ?? '' }),
  );
  return sql`with ${sql.raw(TEXT_WORDS)} as materialized (select ${sql.join(started, sql` and `)} as started) `;
}

/**
 * The words a read in any order starts from: a name's first, the last of a name of three words or more, and
 * a key of its name words.
 */
const ANY_ORDER_COLUMNS = ['name_key', 'name_last_key', 'word_key'] as const;

/**
 * The shortest word the name words are read from in any order: their keys start at a name's later words, so
 * a shorter start would scan the keys of many names for a few.
 */
export const MIN_JOINED_WORD = 3;

/**
 * The reads in any order of a search's shape, each to add to the statement's union, and the `with` that goes
 * before the statement for them (empty when there are none).
 */
export function anyOrderReads(db: Db, values: SearchValues, shape: SearchShape) {
  const reads = shape.otherWords.flatMap((others, word) =>
    ANY_ORDER_COLUMNS.filter((column) => column !== 'word_key' || shape.wordKeys[word]).map((column) =>
      anyOrderPart(
        db,
        values,
        { part: PARTS.length + word * ANY_ORDER_COLUMNS.length + ANY_ORDER_COLUMNS.indexOf(column), word, column },
        others,
        shape.rows,
      ),
    ),
  );
  return { reads, started: reads.length > 0 ? textWordsStarted(values, shape.startedWords) : sql`` };
}
