import type { Db } from '../../db/database.ts';
import { runPrepared } from '../../db/run-prepared.ts';
import { nameJoinedKeys, nameKey, nameTypedKeys, startsEachWord } from '../../lib/name-key.ts';
import { emailKey } from '../../lib/email-key.ts';
import { MIN_JOINED_WORD } from './visitors-search-any-order.repository.ts';
import {
  PARTS,
  type SearchRow,
  type SearchValues,
  VISITOR_COLUMNS,
  type VisitorSummaryRow,
} from './visitors-search-shape.ts';
import { compiledSearch } from './visitors-search-statement.repository.ts';

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
   * last word, then the name surname first does (a text of several words), then the names holding the text's
   * words in any order; only people whose lower-cased e-mail does not start with the text (those are e-mail
   * matches).
   */
  byName: VisitorSummaryRow[];
}

/** The text's words a read in any order checks; a longer text's other words are checked once read. */
const MAX_WORDS_CHECKED_IN_THE_READ = 4;

/**
 * The words of a text of several words that reads in any order take as a name's first word, or as the last
 * word of a name of three words or more: each distinct word, up to four. None for a single word, which the
 * prefix reads find in any place of a name.
 */
function anyOrderStarts(words: string[]): number[] {
  if (words.length < 2) return [];
  return words.flatMap((word, index) => (words.indexOf(word) === index ? [index] : [])).slice(0, 4);
}

/**
 * Whether each of the text's words starts a word of its own of the found name, as written or as also typed
 * ("devries anna" of "Anna de Vries", "brien chloe" of "Chloé O’Brien").
 */
function holdsEachWord(words: string[], row: SearchRow): boolean {
  if (row.name_key === null) return false;
  // The name's own key holds nearly every one: the others are only made for the few it does not.
  if (startsEachWord(words, row.name_key)) return true;
  return [...nameJoinedKeys(row.name_key), ...nameTypedKeys(row.name)].some((key) => startsEachWord(words, key));
}

/** A row the search found as the visitor it lists, with the lower-cased e-mail that tells an e-mail match. */
const asMatch = ({ part: _part, sort_key: _key, name_key: _name, email_lower: emailLower, ...visitor }: SearchRow) => ({
  visitor,
  emailLower,
});

/**
 * The reads of names by prefix, in the order their people are listed: the name's start, then the key after its
 * first word, from its third, from a later word of a longer name, its last word, then the name surname first.
 */
const NAME_PARTS = ['name', 'name_tail', 'name_third', 'name_middle', 'name_last', 'surname_first'] as const;

/** The people of name matches, each once, but those whose lower-cased e-mail starts with the text (e-mail matches). */
function namesListed(matches: ReturnType<typeof asMatch>[], email: string): VisitorSummaryRow[] {
  const seen = new Set<string>();
  return matches
    .filter(
      ({ visitor, emailLower }) => !seen.has(visitor.id) && seen.add(visitor.id) && !emailLower?.startsWith(email),
    )
    .map(({ visitor }) => visitor);
}

/** Byte-wise order of UTF-8 text, the order of the indexes the prefixes are read from. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The search's reads by prefix in one statement: the visitor with the text as id, the visitor of the
 * session with it as id, and the visitors whose e-mail (lower-cased) or name (as `nameKey` keys it: without
 * accents, in any case, any apostrophe) starts with it, the name also from its second word ("o'b" finds Chloé
 * O’Brien), from its third ("lop" finds Ana María López García), from any later word of a longer name
 * ("silva" finds João Pedro da Silva Santos), from its last ("gar" finds Ana María López García too) and
 * surname first ("suzuki so" finds Sofia Suzuki), and the visitors whose id starts with it (the first
 * characters of an id copied from elsewhere). Each read is a lookup by key or one range of an index. A text
 * of several words is then read in any order in a second statement, only when the names found by prefix are
 * fewer than the list holds: those come first, so the others would not be listed. On PostgreSQL each is one
 * prepared statement (the limit, 1 to 20 by the API's schema, written into its text, since PostgreSQL keeps
 * planning a statement whose limit is a parameter).
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
  const wordKeys = starts.map((start) => [...(words[start] ?? '')].length >= MIN_JOINED_WORD);
  // The reads in any order find no one unless each of the text's first words starts someone's word.
  const startedWords = starts.length > 0 ? Math.min(words.length, MAX_WORDS_CHECKED_IN_THE_READ + 1) : 0;
  for (let word = 0; word < startedWords; word += 1) {
    values[`textWord${word}`] = words[word] ?? '';
    values[`textWord${word}End`] = prefixUpperBound(words[word] ?? '');
  }
  const shape = { rows, otherWords, wordKeys, startedWords };
  // A text of several words reads more ranges than planning them for their values is worth on PostgreSQL; a
  // text of one word is cheaper planned so.
  const found = await runPrepared(db, compiledSearch(db, values, shape, 'prefixes'), {
    genericPlan: starts.length > 0,
  });
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
    surname_first: name,
  };
  const part = (kind: (typeof PARTS)[number]) =>
    found
      .filter((row) => Number(row.part) === PARTS.indexOf(kind) && row.sort_key.startsWith(prefixes[kind]))
      .sort(
        (a, b) =>
          byteOrder(a.sort_key, b.sort_key) ||
          // The name words' key goes on with the visitor's id: its read takes the people it ties in that order.
          (kind === 'name_middle' ? 0 : byteOrder(a.name_key ?? '', b.name_key ?? '')) ||
          byteOrder(a.id, b.id),
      )
      .map(asMatch);
  const visitorsOf = (kind: (typeof PARTS)[number]) => part(kind).map(({ visitor }) => visitor);
  const byPrefix = NAME_PARTS.flatMap((kind) => part(kind));
  // The names holding every word of the text, in any order, are listed after those found by prefix: read
  // only when those are too few to fill the list, from each of the text's words.
  const anyOrder =
    starts.length > 0 && namesListed(byPrefix, email).length < rows
      ? (await runPrepared(db, compiledSearch(db, values, shape, 'anyOrder'), { genericPlan: true }))
          .filter((row) => holdsEachWord(words, row))
          .sort((a, b) => byteOrder(a.name_key ?? '', b.name_key ?? '') || byteOrder(a.id, b.id))
          .map(asMatch)
      : [];
  return {
    byId: visitorsOf('id')[0],
    bySession: visitorsOf('session')[0],
    byEmail: visitorsOf('email'),
    byIdPrefix: visitorsOf('id_prefix'),
    byName: namesListed([...byPrefix, ...anyOrder], email).slice(0, rows),
  };
}
