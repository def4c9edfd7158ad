import { type RawBuilder, sql } from 'kysely';

// What the people search reads and lists, and the pieces its reads share (visitors-search-statement.repository.ts
// puts the reads together; visitors-search-any-order.repository.ts writes the reads in any order).

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
  'surname_first',
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
export const SEARCH_COLUMNS = sql.raw([...VISITOR_COLUMNS, 'visitors.name_key', 'visitors.email_lower'].join(', '));

/** The key a name is read from surname first, as the search names it; `SURNAME_FIRST_KEY` is its expression. */
export const SURNAME_FIRST = 'visitors.surname_first_key';

/**
 * A name's key from its second word on, then its first word ("suzuki sofia" of "sofia suzuki", "de vries
 * fatima" of "fatima de vries"): null for a name of one word. Written as its index is (migration
 * 2026-12-07T1400), so both databases read that index for it.
 */
export const SURNAME_FIRST_KEY = `(visitors.name_tail_key || ' ' || substr(visitors.name_key, 1,
  length(visitors.name_key) - length(visitors.name_tail_key) - 1))`;

/** The visitors with the words of their names beside them, for a read of the words' keys. */
export const WITH_NAME_WORDS = sql`visitor_name_words inner join visitors
  on visitors.account_id = visitor_name_words.account_id and visitors.id = visitor_name_words.visitor_id`;

/**
 * The keys whose indexes go on with the name's key and the id (migration 2026-12-07T1300), so a read of
 * one takes the people a key ties in the order they are listed: by whole name, then by id.
 */
export const ORDERED_BY_NAME = new Set([
  'visitors.name_tail_key',
  'visitors.name_third_key',
  'visitors.name_last_key',
  SURNAME_FIRST,
]);

/**
 * How many names a read of names looks at, at most, for those whose e-mail does not match: a text that starts
 * both the names and the e-mails of many people (a first letter) costs no more than this.
 */
export const NAME_CANDIDATES = 200;

/** The person's e-mail (of `table`) does not start with the text: no e-mail, or one out of the text's range. */
export function notAnEmailMatch(values: SearchValues, table: RawBuilder<unknown>) {
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
