import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { runPrepared } from '../../db/run-prepared.ts';
import { nameKey, startsEachWord } from '../../lib/name-key.ts';
import { emailKey } from '../../lib/email-key.ts';

/** `session_count` is kept by triggers on sessions (migration 2026-11-23T1200), so no search counts. */
const VISITOR_COLUMNS = [
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

export async function findVisitorOfSession(
  db: Db,
  accountId: string,
  sessionId: string,
): Promise<VisitorSummaryRow | undefined> {
  const query = db
    .selectFrom('sessions')
    .innerJoin('visitors', (join) =>
      join.onRef('visitors.account_id', '=', 'sessions.account_id').onRef('visitors.id', '=', 'sessions.visitor_id'),
    )
    .select(VISITOR_COLUMNS)
    .where('sessions.account_id', '=', accountId)
    .where('sessions.id', '=', sessionId);
  return (await runPrepared(db, query.compile()))[0];
}

/**
 * The first string after every string that starts with `prefix`: with byte-wise text order (SQLite, and
 * PostgreSQL's C collation) `prefix <= x < after` is exactly "x starts with prefix", and it is an index range.
 */
export function prefixUpperBound(prefix: string): string {
  const points = [...prefix];
  const last = points.pop() ?? '';
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** A limit to write into a statement's text: a whole number of rows from 1 to 20. */
function searchLimit(limit: number): number {
  return Math.min(20, Math.max(1, Math.trunc(limit)));
}

/** What each of the search's reads found, each list in its key's order, then by whole name and id. */
export interface SearchMatches {
  byId: VisitorSummaryRow | undefined;
  bySession: VisitorSummaryRow | undefined;
  /** Lower-cased e-mail starts with the text. */
  byEmail: VisitorSummaryRow[];
  /** The id starts with the text (as sent: ids are told apart by case). */
  byIdPrefix: VisitorSummaryRow[];
  /**
   * The name's key starts with the text's, then the key after its first word does, then the key from its
   * third word on, then from one of its later words but the last (names of five words or more), then its
   * last word, then the names holding the text's words in any order; only people whose lower-cased e-mail
   * does not start with the text (those are e-mail matches).
   */
  byName: VisitorSummaryRow[];
}

/** The search's reads in the order they are listed; `sort_key` orders the rows of a prefix read. */
const PARTS = [
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

type SearchRow = VisitorSummaryRow & {
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

/** One prefix read: a range of one key's index (`key` as `table.column`), in the key's order. */
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
    order by ${column} limit ${sql.lit(limit)}`;
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
interface SearchValues {
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
}

/** The shape of a search's statement: its limit, and for each word read in any order, how many words besides. */
interface SearchShape {
  rows: number;
  otherWords: number[];
}

/**
 * A read of the names whose first word starts with `word` and that hold, after a space, each of `others`
 * (the text's other words), but not of people whose e-mail starts with the text. The keys are checked on
 * the names' key index, which on PostgreSQL holds the id too (migration 2026-12-07T1100): only the people
 * found are fetched, however many names start with the word.
 */
function anyOrderPart(db: Db, values: SearchValues, part: number, word: number, others: number, rows: number) {
  const contains = isPostgres(db) ? sql.raw('strpos') : sql.raw('instr');
  const holdsEveryOther = Array.from(
    { length: others },
    (_, other) => sql` and ${contains}(' ' || visitors.name_key, ${values[`word${word}Other${other}`] ?? ''}) > 0`,
  );
  const found = sql`select visitors.id as found_id from visitors
    where visitors.account_id = ${values.account}
      and visitors.name_key >= ${values[`word${word}`] ?? ''} and visitors.name_key < ${values[`word${word}End`] ?? ''}
      ${sql.join(holdsEveryOther, sql``)}
    order by visitors.name_key limit ${sql.lit(NAME_CANDIDATES)}`;
  return sql`select * from (select ${sql.lit(part)} as part, visitors.name_key as sort_key, ${SEARCH_COLUMNS}
    from (${found}) as found
      inner join visitors on visitors.account_id = ${values.account} and visitors.id = found.found_id
    where ${notAnEmailMatch(values, sql`visitors`)}
    limit ${sql.lit(rows)}) as ${sql.raw(`part_${part}`)}`;
}

/** The search's statement of a shape, with its values. */
function searchStatement(db: Db, values: SearchValues, shape: SearchShape) {
  const { rows } = shape;
  const email = { from: values.email, to: values.emailEnd };
  const name = { from: values.name, to: values.nameEnd };
  const anyOrder = shape.otherWords.map((others, word) =>
    anyOrderPart(db, values, PARTS.length + word, word, others, rows),
  );
  return sql<SearchRow>`select 0 as part, '' as sort_key, ${SEARCH_COLUMNS} from visitors
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

function compiledSearch(db: Db, values: SearchValues, shape: SearchShape): CompiledQuery<SearchRow> {
  const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${shape.rows}:${shape.otherWords.join(',')}`;
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

/** The text's words a read in any order checks; a longer text's other words are checked once read. */
const MAX_WORDS_CHECKED_IN_THE_READ = 4;

/**
 * The words of a text of several words that reads in any order take as a name's first word: each distinct
 * word, up to four. None for a single word, which the prefix reads find in any place of a name.
 */
function anyOrderStarts(words: string[]): number[] {
  if (words.length < 2) return [];
  return words.flatMap((word, index) => (words.indexOf(word) === index ? [index] : [])).slice(0, 4);
}

/** Byte-wise order of UTF-8 text, the order of the indexes the prefixes are read from. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The search's reads in one statement: the visitor with the text as id, the visitor of the session with
 * it as id, and the visitors whose e-mail (lower-cased) or name (as `nameKey` keys it: without accents,
 * in any case, any apostrophe) starts with it, the name also from its second word ("o'b" finds Chloé
 * O’Brien), from its third ("lop" finds Ana María López García), from any later word of a longer name
 * ("silva" finds João Pedro da Silva Santos) and from its last ("gar" finds Ana María López García too),
 * and the visitors whose id starts with it (the first characters of an id copied from elsewhere).
 * Each read is a lookup by key or one range of an index; together they are one round trip, and on
 * PostgreSQL one prepared statement (the limit, 1 to 20 by the API's schema, written into its text, since
 * PostgreSQL keeps planning a statement whose limit is a parameter).
 */
export async function findSearchMatches(
  db: Db,
  accountId: string,
  text: string,
  limit: number,
): Promise<SearchMatches> {
  const rows = searchLimit(limit);
  const email = emailKey(text);
  // A text without a name key (marks alone) reads the e-mail's range of the names' indexes: harmless.
  const name = nameKey(text) ?? email;
  const values: SearchValues = {
    account: accountId,
    text,
    textEnd: prefixUpperBound(text),
    email,
    emailEnd: prefixUpperBound(email),
    name,
    nameEnd: prefixUpperBound(name),
  };
  const words = name.split(' ');
  const starts = anyOrderStarts(words);
  const otherWords = starts.map((start, index) => {
    const others = words.filter((_, other) => other !== start).slice(0, MAX_WORDS_CHECKED_IN_THE_READ);
    values[`word${index}`] = words[start] ?? '';
    values[`word${index}End`] = prefixUpperBound(words[start] ?? '');
    others.forEach((other, position) => (values[`word${index}Other${position}`] = ` ${other}`));
    return others.length;
  });
  const found = await runPrepared(db, compiledSearch(db, values, { rows, otherWords }));
  // What each read's key starts with. Checked again here: a PostgreSQL database created under a language's
  // collation orders text by more than its bytes, so an index range may hold a key that does not.
  const prefixes: Record<(typeof PARTS)[number], string> = {
    id: '',
    session: '',
    email,
    name,
    name_tail: name,
    name_third: name,
    name_last: name,
    name_middle: name,
    id_prefix: text,
  };
  const part = (kind: (typeof PARTS)[number]) =>
    found
      .filter((row) => Number(row.part) === PARTS.indexOf(kind) && row.sort_key.startsWith(prefixes[kind]))
      .sort(
        (a, b) =>
          byteOrder(a.sort_key, b.sort_key) || byteOrder(a.name_key ?? '', b.name_key ?? '') || byteOrder(a.id, b.id),
      )
      .map(({ part: _part, sort_key: _key, name_key: _name, email_lower: emailKey, ...visitor }) => ({
        visitor,
        emailKey,
      }));
  // The names holding every word of the text, in any order: after those that start with it, by the whole name.
  const anyOrder = found
    .filter((row) => Number(row.part) >= PARTS.length && row.name_key !== null && startsEachWord(words, row.name_key))
    .sort((a, b) => byteOrder(a.name_key ?? '', b.name_key ?? '') || byteOrder(a.id, b.id))
    .map(({ part: _part, sort_key: _key, name_key: _name, email_lower: emailKey, ...visitor }) => ({
      visitor,
      emailKey,
    }));
  const visitorsOf = (kind: (typeof PARTS)[number]) => part(kind).map(({ visitor }) => visitor);
  const seen = new Set<string>();
  const byName = [
    ...part('name'),
    ...part('name_tail'),
    ...part('name_third'),
    ...part('name_middle'),
    ...part('name_last'),
    ...anyOrder,
  ].filter(({ visitor }) => !seen.has(visitor.id) && seen.add(visitor.id));
  return {
    byId: visitorsOf('id')[0],
    bySession: visitorsOf('session')[0],
    byEmail: visitorsOf('email'),
    byIdPrefix: visitorsOf('id_prefix'),
    byName: byName
      .filter(({ emailKey }) => !emailKey?.startsWith(email))
      .slice(0, rows)
      .map(({ visitor }) => visitor),
  };
}
