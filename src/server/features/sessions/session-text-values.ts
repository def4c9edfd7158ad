// The account's distinct URLs, start URLs and referrers (session_text_values), kept in memory so a
// contains-filter finds the values it matches without scanning them in the database on every request.
import { LRUCache } from 'lru-cache';
import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { rootDb } from '../../db/abandoned-reads.ts';
import { containsText, foldedContains } from '../../db/text-case.ts';

/**
 * Memory for the kept values of each database a process reads (about 1.3 MB for the 5,900 URLs of a
 * 10,000,000-session account); a list larger than a quarter of it is searched by the database.
 */
export const TEXT_VALUES_CACHE_BYTES = 16 * 1024 * 1024;

let cacheBytes = TEXT_VALUES_CACHE_BYTES;

/** Past this many values an account's list is not kept: the database searches them. */
const MAX_KEPT_VALUES = 50_000;

/** The texts whose matches are kept with each list, and their matches in all, in lists' lengths. */
const MATCHES_KEPT = 64;
const MATCHED_KEPT = 4;

interface Kept {
  values: readonly string[];
  matches: LRUCache<string, readonly string[]>;
}

interface Listed {
  /** The account's count of values when the list was read: the table only grows, so another count means new values. */
  count: number;
  /** Bytes the entry takes, about. */
  size: number;
  /** Null when the values take too much memory to keep: the database searches them until the count changes. */
  kept: Kept | null;
}

const sizeOf = (values: readonly string[]) => values.reduce((bytes, value) => bytes + 2 * value.length + 40, 100);

const newLists = () => new LRUCache<string, Listed>({ maxSize: cacheBytes, sizeCalculation: (listed) => listed.size });

/** Per database, so two databases opened by one process (tests, the command line) never share a list. */
let listsOf = new WeakMap<Db, LRUCache<string, Listed>>();

/** Sets the memory for kept values, dropping those kept so far. */
export function setTextValuesCacheBytes(bytes: number): void {
  cacheBytes = bytes;
  listsOf = new WeakMap();
}

function listsFor(db: Db): LRUCache<string, Listed> {
  const root = rootDb(db);
  let lists = listsOf.get(root);
  if (!lists) {
    lists = newLists();
    listsOf.set(root, lists);
  }
  return lists;
}

/** The account's count of values, kept by a trigger (migration 2026-11-27T1400). */
async function countValues(db: Db, accountId: string, facet: string): Promise<number> {
  const row = await db
    .selectFrom('session_text_value_counts')
    .select('value_count')
    .where('account_id', '=', accountId)
    .where('facet', '=', facet)
    .executeTakeFirst();
  return Number(row?.value_count ?? 0);
}

async function readValues(db: Db, accountId: string, facet: string): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    select value from session_text_values where account_id = ${accountId} and facet = ${facet}`.execute(db);
  return rows.map((row) => row.value);
}

/** The values containing `text` as the database compares them (`containsText`). */
function contains(values: readonly string[], text: string): string[] {
  return values.filter(foldedContains(text));
}

/**
 * The account's distinct values of a text facet (`url`, `start_url`, `referrer`) containing `text`,
 * lower-cased. Values are never removed from session_text_values, so a list read once stays right
 * until the account's count of values, kept in one row, changes: each call reads that row and reads the
 * values again only then. Stored values are lower-cased by the database (SQLite folds only A to Z); the
 * text is compared in any case, as `containsText` compares it.
 */
export async function matchingValues(db: Db, accountId: string, facet: string, text: string): Promise<string[]> {
  return (await matchedValues(db, accountId, facet, text)).values;
}

/**
 * `matchingValues`, and how many of the account's values the text does not match, with a way to list
 * them, when the list is at hand (else null): a text such as the site's own domain matches most URLs,
 * and is then counted from the few it does not. They are listed only when asked for.
 */
export async function matchedValues(db: Db, accountId: string, facet: string, text: string): Promise<MatchedValues> {
  const lists = listsFor(db);
  const key = `${accountId}\u0000${facet}`;
  const count = await countValues(db, accountId, facet);
  if (count > MAX_KEPT_VALUES) return searched(db, accountId, facet, text);
  let listed = lists.get(key);
  if (listed?.count !== count) {
    const values = await readValues(db, accountId, facet);
    const size = sizeOf(values);
    if (size > cacheBytes / 4) {
      // Long values: not kept, and not read again until there are more.
      lists.set(key, { count, size: 100, kept: null });
      return matchedAmong(values, contains(values, text));
    }
    const matches = new LRUCache<string, readonly string[]>({
      max: MATCHES_KEPT,
      maxSize: MATCHED_KEPT * values.length + MATCHES_KEPT,
      sizeCalculation: (matched) => matched.length + 1,
    });
    // A value added between the count and the read is in the list too, and the next count reads it again.
    listed = { count, size, kept: { values, matches } };
    lists.set(key, listed);
  }
  const { kept } = listed;
  if (kept === null) return searched(db, accountId, facet, text);
  let matched = kept.matches.get(text);
  if (!matched) {
    matched = contains(kept.values, text);
    kept.matches.set(text, matched);
  }
  return matchedAmong(kept.values, matched);
}

export interface MatchedValues {
  values: string[];
  /** How many values the text does not match, or null when the list is not at hand. */
  othersCount: number | null;
  /** The values the text does not match. */
  others: () => string[];
}

/** `matched`, a part of `values`, and the rest of them when asked for. */
function matchedAmong(values: readonly string[], matched: readonly string[]): MatchedValues {
  return {
    values: [...matched],
    othersCount: values.length - matched.length,
    others: () => {
      const found = new Set(matched);
      return values.filter((value) => !found.has(value));
    },
  };
}

/** The values the database finds, and none besides when they are all the account has. */
async function searched(db: Db, accountId: string, facet: string, text: string): Promise<MatchedValues> {
  const values = await searchValues(db, accountId, facet, text);
  // Values only grow: the count read after the search is at least what the search saw.
  const every = values.length === (await countValues(db, accountId, facet));
  return { values, othersCount: every ? 0 : null, others: () => [] };
}

const ASCII = /^[ -~]*$/;

/** The values containing `text`, found by the database. */
async function searchValues(db: Db, accountId: string, facet: string, text: string): Promise<string[]> {
  // PostgreSQL's LIKE '%…%' costs about twice a plain search for the text (6 against 3 ms over the
  // 5,900 URLs of the 10,000,000-session bench); both compare bytes.
  const found =
    isPostgres(db) && ASCII.test(text)
      ? sql`strpos(value, ${text.toLowerCase()}) > 0`
      : containsText(db, sql.ref('value'), text);
  const { rows } = await sql<{ value: string }>`
    select value from session_text_values
    where account_id = ${accountId} and facet = ${facet} and ${found}`.execute(db);
  return rows.map((row) => row.value);
}
