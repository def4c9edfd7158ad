import { type RawBuilder, sql } from 'kysely';
import { type Db, isPostgres } from './database.ts';

/*
 * Case-insensitive text matching over text the database lower-cased with `lower()`. PostgreSQL's `lower()`
 * folds every letter under most locales, but only A to Z under the C locale, and SQLite's only A to Z: a
 * letter beyond them may be stored in either case, so a search matches it in both.
 */

/** `%text%` for LIKE, with LIKE's own characters escaped by a backslash. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const ASCII_LETTER = /^[A-Za-z]$/;

/** A character with cases, as one code point each. */
function casesOf(char: string): string[] {
  return [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((each) => [...each].length === 1);
}

const hasOtherLetters = (text: string) =>
  [...text].some((char) => !ASCII_LETTER.test(char) && casesOf(char).length > 1);

/**
 * `text` as a pattern over text the database lower-cased, with each letter beyond A to Z in both its cases
 * (`[äÄ]`): SQLite's `lower()` folds only A to Z, and so does PostgreSQL's under the C locale. `special`
 * says which characters the pattern language needs escaped, and `escape` how.
 */
function casePattern(text: string, special: RegExp, escape: (char: string) => string): string {
  let pattern = '';
  for (const char of text) {
    const cases = ASCII_LETTER.test(char) ? [char.toLowerCase()] : casesOf(char);
    if (cases.length > 1) pattern += `[${cases.join('')}]`;
    else pattern += special.test(char) ? escape(char) : (cases[0] ?? char);
  }
  return pattern;
}

/** `text` for PostgreSQL's regular expressions (`~`) and for SQLite's GLOB, matching any case. */
const regexPattern = (text: string) => casePattern(text, /[\\^$.|?*+()[\]{}]/, (char) => `\\${char}`);
const globPattern = (text: string) => casePattern(text, /[*?[]/, (char) => `[${char}]`);

/**
 * `folded`, text the database lower-cased with `lower()`, contains `text` in any case. Text whose letters
 * are all A to Z (almost every search) is a plain LIKE. Any other letter is matched in both its cases, by
 * GLOB on SQLite and a regular expression on PostgreSQL, so the match holds whatever the database folded.
 */
export function containsText(db: Db, folded: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  if (!hasOtherLetters(text)) return sql<boolean>`${folded} like ${containsPattern(text)} escape '\\'`;
  return isPostgres(db)
    ? sql<boolean>`${folded} ~ ${regexPattern(text)}`
    : sql<boolean>`${folded} glob ${`*${globPattern(text)}*`}`;
}

/**
 * A test of whether text the database lower-cased contains `text` in any case, as `containsText` compares
 * them, for values read into memory. The text is lower-cased once; each value only when the text has a
 * letter beyond A to Z (the database left such letters as they were on SQLite), so the common search
 * costs one `includes` a value, as before.
 */
export function foldedContains(text: string): (folded: string) => boolean {
  const needle = text.toLowerCase();
  if (!hasOtherLetters(text)) return (folded) => folded.includes(needle);
  return (folded) => folded.toLowerCase().includes(needle);
}

/** `folded` contains `text` in any case (`foldedContains`, for one value). */
export function containsFolded(folded: string, text: string): boolean {
  return foldedContains(text)(folded);
}
