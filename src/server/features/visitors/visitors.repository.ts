import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { runPrepared } from '../../db/run-prepared.ts';
import { nameKey } from '../../lib/name-key.ts';

/*
 * The search's reads run as prepared statements on PostgreSQL (run-prepared.ts): each is a lookup by
 * key or one range of an index, the same plan for any text, and planning them anew cost about as much as
 * running them. Their limit is written into the text (1 to 20 by the API's schema), since PostgreSQL
 * keeps planning a statement whose limit is a parameter.
 */

/** `session_count` is kept by triggers on sessions (migration 2026-11-23T1200), so no search counts. */
const VISITOR_COLUMNS = [
  'visitors.id',
  'visitors.name',
  'visitors.email',
  'visitors.last_session_timestamp',
  'visitors.session_count',
] as const;

export async function findVisitorById(db: Db, accountId: string, visitorId: string) {
  const query = db
    .selectFrom('visitors')
    .select(VISITOR_COLUMNS)
    .where('visitors.account_id', '=', accountId)
    .where('visitors.id', '=', visitorId);
  return (await runPrepared(db, query.compile()))[0];
}

export async function findVisitorOfSession(db: Db, accountId: string, sessionId: string) {
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

/** Visitors whose `column` starts with `prefix`, in that column's order: one range of its index. */
function findVisitorsByKeyPrefix(
  db: Db,
  accountId: string,
  column: 'email_lower' | 'name_key' | 'name_tail_key' | 'name_last_key',
  prefix: string,
  limit: number,
) {
  const query = db
    .selectFrom('visitors')
    .select(VISITOR_COLUMNS)
    .where('visitors.account_id', '=', accountId)
    .where(`visitors.${column}`, '>=', prefix)
    .where(`visitors.${column}`, '<', prefixUpperBound(prefix))
    .orderBy(`visitors.${column}`)
    .limit(sql.lit(searchLimit(limit)));
  return runPrepared(db, query.compile());
}

/** A limit to write into a statement's text: a whole number of rows from 1 to 20. */
function searchLimit(limit: number): number {
  return Math.min(20, Math.max(1, Math.trunc(limit)));
}

/** Visitors whose lower-cased e-mail starts with `prefix`, in e-mail order. */
export function findVisitorsByEmailPrefix(db: Db, accountId: string, prefix: string, limit: number) {
  return findVisitorsByKeyPrefix(db, accountId, 'email_lower', prefix, limit);
}

/**
 * Visitors whose name starts with `text` as the search compares names (`nameKey`: without accents, in any
 * case, any apostrophe), then those whose name does after its first word ("o'b" finds Chloé O’Brien), then
 * from its last word ("lop" finds Ana María López), each in the order of their names' keys. One range of
 * each key's index.
 */
export async function findVisitorsByNamePrefix(db: Db, accountId: string, text: string, limit: number) {
  const prefix = nameKey(text);
  if (prefix === null) return [];
  const found = await Promise.all([
    findVisitorsByKeyPrefix(db, accountId, 'name_key', prefix, limit),
    findVisitorsByKeyPrefix(db, accountId, 'name_tail_key', prefix, limit),
    // A last word holds no space: a text with one is found by the two keys above or not at all.
    prefix.includes(' ') ? [] : findVisitorsByKeyPrefix(db, accountId, 'name_last_key', prefix, limit),
  ]);
  const seen = new Set<string>();
  return found
    .flat()
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, searchLimit(limit));
}

export type VisitorSummaryRow = Awaited<ReturnType<typeof findVisitorsByEmailPrefix>>[number];
