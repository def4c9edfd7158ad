import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import {
  SESSION_COLUMNS,
  type SessionsTable,
  type VisitorNameWordsTable,
  type VisitorsTable,
} from '../sessions/sessions.table.ts';
import { ACTIVE_GAP_MS } from './engagement.ts';
import type { SessionEventsTable } from './ingest.table.ts';

/** PostgreSQL locks the rows a transaction will rewrite; SQLite runs one write transaction at a time anyway. */
const locksRows = isPostgres;

/** Records a batch id; false when it was already recorded (the batch is a repeat). */
export async function recordBatch(
  db: Db,
  row: { account_id: string; website_id: string; batch_id: string; received_at: number },
) {
  const result = await db
    .insertInto('ingest_batches')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'website_id', 'batch_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Inserts the visitor unless it exists; true when it was inserted. */
export async function insertVisitorIfAbsent(db: Db, row: VisitorsTable): Promise<boolean> {
  const result = await db
    .insertInto('visitors')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The visitor row, locked until the transaction ends where the database can. */
export function findVisitorForUpdate(db: Db, accountId: string, visitorId: string) {
  return db
    .selectFrom('visitors')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', visitorId)
    .$if(locksRows(db), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
}

export function updateVisitorRow(db: Db, row: VisitorsTable) {
  // Only the columns ingestion owns: a session count read before this transaction's own session
  // insert (which bumps it by trigger) must not write the stale number back.
  const { account_id: accountId, id, email, email_lower, email_hash, params } = row;
  const changes = {
    name: row.name,
    name_key: row.name_key,
    name_tail_key: row.name_tail_key,
    name_last_key: row.name_last_key,
    name_third_key: row.name_third_key,
    email,
    email_lower,
    email_hash,
    params,
    first_session_timestamp: row.first_session_timestamp,
    last_session_timestamp: row.last_session_timestamp,
  };
  return db.updateTable('visitors').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** Forgets the visitor's name words with these keys. */
export async function deleteVisitorNameWords(
  db: Db,
  accountId: string,
  visitorId: string,
  wordKeys: readonly string[],
): Promise<void> {
  if (wordKeys.length === 0) return;
  await db
    .deleteFrom('visitor_name_words')
    .where('account_id', '=', accountId)
    .where('visitor_id', '=', visitorId)
    .where('word_key', 'in', [...wordKeys])
    .execute();
}

export async function insertVisitorNameWords(db: Db, rows: readonly VisitorNameWordsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('visitor_name_words')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['account_id', 'word_key', 'visitor_id']).doNothing())
    .execute();
}

export async function visitorHasOtherSession(
  db: Db,
  accountId: string,
  visitorId: string,
  sessionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('visitor_id', '=', visitorId)
    .where('id', '!=', sessionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSessionIfAbsent(db: Db, row: SessionsTable): Promise<void> {
  await db
    .insertInto('sessions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'id']).doNothing())
    .execute();
}

/** The session row, locked until the transaction ends where the database can. */
export function findSessionForUpdate(db: Db, accountId: string, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(SESSION_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', sessionId)
    .$if(locksRows(db), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
}

export function updateSessionRow(db: Db, row: SessionsTable) {
  const { account_id: accountId, id, ...changes } = row;
  return db.updateTable('sessions').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
}

export async function insertSessionEvents(db: Db, rows: readonly SessionEventsTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('session_events')
      .values([...rows])
      .execute();
}

/**
 * Active time of a session in milliseconds: the sum of the gaps between consecutive events that are at
 * most ACTIVE_GAP_MS long. Computed over all of the session's events (one index range), so batches
 * that arrive out of order still give the exact figure.
 */
export async function sessionActiveMillis(db: Db, accountId: string, sessionId: string): Promise<number> {
  const result = await sql<{ active: number | string | null }>`
    select sum(gap) as active from (
      select occurred_at - lag(occurred_at) over (order by occurred_at) as gap
      from session_events
      where account_id = ${accountId} and session_id = ${sessionId}
    ) as gaps
    where gap <= ${ACTIVE_GAP_MS}`.execute(db);
  return Number(result.rows[0]?.active ?? 0);
}
