import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';

// The people search's one statement: its reads, built and compiled once per dialect and shape
// (visitors.repository.ts runs it and lists what it found).

/** `session_count` is kept by triggers on sessions (migration 2026-11-23T1200), so no search counts. */
export const VISITOR_COLUMNS = [
  'visitors.id',
  'visitors.name',
  'visitors.email',
  'visitors.last_session_timestamp',
  'visitors.session_count',
] as const;

export interface VisitorSummaryRow {
  id: string;
  name: string | null;
  email: string | null;
  last_session_timestamp: number;
  /** A count PostgreSQL may hand over as text. */
  session_count: number | string;
}

/** The search's reads in the order they are listed; `sort_key` orders the rows of a prefix read. */
export const PARTS = [
  'id',
  'session',
  'email',
  'name',
  'name_tail',
  'name_third',
  'name_last',
  'name_middle',
  'id_prefix',
] as const;

export type SearchRow = VisitorSummaryRow & {
  part: number;
  sort_key: string;
  name_key: string | null;
  email_lower: string | null;
};

/**
 * `VISITOR_COLUMNS` as the search's statement writes them, with the name's key that orders ties and the
 * e-mail's that tells a name match found by its e-mail too.
 */
const SEARCH_COLUMNS = sql.raw([...VISITOR_COLUMNS, 'visitors.name_key', 'visitors.email_lower'].join(', '));

/** The visitors with the words of their names beside them, for a read of the words' keys. */
const WITH_NAME_WORDS = sql`visitor_name_words inner join visitors
  on visitors.account_id = visitor_name_words.account_id and visitors.id = visitor_name_words.visitor_id`;

/**
 * The keys whose indexes go on with the name's key and the id (migration 2026-12-07T1300), so a read of
 * one takes the people a key ties in the order they are listed: by whole name, then by id.
 */
const ORDERED_BY_NAME = new Set(['visitors.name_tail_key', 'visitors.name_third_key', 'visitors.name_last_key']);

/**
 * One prefix read: a range of one key's index (`key` as `table.column`), in the key's order, and for the
 * keys `ORDERED_BY_NAME`, by name and id among equal keys.
 */
function prefixRead(
  accountId: string,
  part: number,
  key: string,
  range: { from: string; to: string },
  limit: number,
  from = sql`visitors`,
) {
  const column = sql.raw(key);
  return sql`select ${sql.lit(part)} as part, ${column} as sort_key, ${SEARCH_COLUMNS} from ${from}
    where ${sql.raw(key.slice(0, key.indexOf('.')))}.account_id = ${accountId}
      and ${column} >= ${range.from} and ${column} < ${range.to}
    order by ${column}${ORDERED_BY_NAME.has(key) ? sql`, visitors.name_key, visitors.id` : sql``}
    limit ${sql.lit(limit)}`;
}

/** `prefixRead` written as a subquery a union may hold. */
function prefixPart(...read: Parameters<typeof prefixRead>) {
  return sql`select * from (${prefixRead(...read)}) as ${sql.raw(`part_${read[1]}`)}`;
}

/**
 * How many names a read of names looks at, at most, for those whose e-mail does not match: a text that starts
 * both the names and the e-mails of many people (a first letter) costs no more than this.
 */
const NAME_CANDIDATES = 200;

/**
 * A read of names, as `prefixRead` is asked, that keeps the people whose e-mail does not start with the text:
 * those whose e-mail does are e-mail matches, listed with the e-mails. The first rows are taken as the range
 * yields them, in its key's order, so the read stops at `rows` people found.
 */
function namePart(values: SearchValues, ...read: Parameters<typeof prefixRead>) {
  const [accountId, part, key, range, rows, from] = read;
  const candidates = prefixRead(accountId, part, key, range, NAME_CANDIDATES, from);
  return sql`select * from (select * from (${candidates}) as candidates
    where ${notAnEmailMatch(values, sql`candidates`)}
    limit ${sql.lit(rows)}) as ${sql.raw(`part_${part}`)}`;
}

/** The person's e-mail (of `table`) does not start with the text: no e-mail, or one out of the text's range. */
function notAnEmailMatch(values: SearchValues, table: RawBuilder<unknown>) {
  return sql`(${table}.email_lower is null or ${table}.email_lower < ${values.email}
    or ${table}.email_lower >= ${values.emailEnd})`;
}

/** What the search's statement is asked with: each a parameter, wherever it appears. */
export interface SearchValues {
  account: string;
  text: string;
  textEnd: string;
  email: string;
  emailEnd: string;
  name: string;
  nameEnd: string;
  /** For each word the reads in any order start from: that word and its range's end. */
  [word: `word${number}` | `word${number}End`]: string;
  /** For each of those words, the text's other words, each after a space. */
  [other: `word${number}Other${number}`]: string;
  /** Each of the text's first words whose start is checked before the reads in any order, and its range's end. */
  [textWord: `textWord${number}` | `textWord${number}End`]: string;
}

/**
 * The shape of a search's statement: its limit, for each word read in any order, how many words besides and
 * whether the name words are read from it too, and how many of the text's first words those reads need to
 * start someone's word.
 */
export interface SearchShape {
  rows: number;
  otherWords: number[];
  wordKeys: boolean[];
  startedWords: number;
}

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
  // The range ends where it starts (empty) unless each of the text's words starts someone's word: a bound of
  // the range is worked out once, before it is read, where SQLite checks a condition with a subquery at every
  // row.
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
 * a one-word key of its name words.
 */
const ANY_ORDER_COLUMNS = ['name_key', 'name_last_key', 'word_key'] as const;

/**
 * The shortest word the name words are read from in any order: their one-word keys are a name's later words,
 * so a shorter start would scan the keys of many names for a few.
 */
export const MIN_JOINED_WORD = 3;

/** The search's statement of a shape, with its values. */
function searchStatement(db: Db, values: SearchValues, shape: SearchShape) {
  const { rows } = shape;
  const email = { from: values.email, to: values.emailEnd };
  const name = { from: values.name, to: values.nameEnd };
  const anyOrder = shape.otherWords.flatMap((others, word) =>
    ANY_ORDER_COLUMNS.filter((column) => column !== 'word_key' || shape.wordKeys[word]).map((column) =>
      anyOrderPart(
        db,
        values,
        { part: PARTS.length + word * ANY_ORDER_COLUMNS.length + ANY_ORDER_COLUMNS.indexOf(column), word, column },
        others,
        rows,
      ),
    ),
  );
  const started = anyOrder.length > 0 ? textWordsStarted(values, shape.startedWords) : sql``;
  return sql<SearchRow>`${started}select 0 as part, '' as sort_key, ${SEARCH_COLUMNS} from visitors
      where visitors.account_id = ${values.account} and visitors.id = ${values.text}
    union all
    select 1 as part, '' as sort_key, ${SEARCH_COLUMNS} from sessions
      inner join visitors on visitors.account_id = sessions.account_id and visitors.id = sessions.visitor_id
      where sessions.account_id = ${values.account} and sessions.id = ${values.text}
    union all ${prefixPart(values.account, 2, 'visitors.email_lower', email, rows)}
    union all ${namePart(values, values.account, 3, 'visitors.name_key', name, rows)}
    union all ${namePart(values, values.account, 4, 'visitors.name_tail_key', name, rows)}
    union all ${namePart(values, values.account, 5, 'visitors.name_third_key', name, rows)}
    union all ${namePart(values, values.account, 6, 'visitors.name_last_key', name, rows)}
    union all ${namePart(values, values.account, 7, 'visitor_name_words.word_key', name, rows, WITH_NAME_WORDS)}
    union all ${prefixPart(values.account, 8, 'visitors.id', { from: values.text, to: values.textEnd }, rows)}
    ${sql.join(
      anyOrder.map((part) => sql`union all ${part}`),
      sql` `,
    )}`;
}

/**
 * The search's statement compiled once per dialect and shape, with the value each parameter takes: it is
 * the same for every search of a shape but for its values, and building and compiling its reads afresh
 * cost more than running them. Each value is compiled as a stand-in that names it.
 */
const compiledSearches = new Map<string, { sql: string; roles: (keyof SearchValues)[] }>();

export function compiledSearch(db: Db, values: SearchValues, shape: SearchShape): CompiledQuery<SearchRow> {
  const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${shape.rows}:${shape.otherWords.join(',')}:${shape.wordKeys.join(',')}:${shape.startedWords}`;
  let template = compiledSearches.get(key);
  if (!template) {
    const marks = Object.fromEntries(
      Object.keys(values).map((role) => [role, `\u0000${role}`]),
    ) as unknown as SearchValues;
    const roleOfMark = new Map(Object.entries(marks).map(([role, mark]) => [mark, role as keyof SearchValues]));
    const marked = searchStatement(db, marks, shape).compile(db);
    const roles = marked.parameters.map((parameter) => {
      const role = roleOfMark.get(String(parameter));
      if (!role) throw new Error('the search statement holds a value that is not one of its own');
      return role;
    });
    template = { sql: marked.sql, roles };
    compiledSearches.set(key, template);
  }
  return CompiledQuery.raw(
    template.sql,
    template.roles.map((role) => values[role]),
  ) as CompiledQuery<SearchRow>;
}
