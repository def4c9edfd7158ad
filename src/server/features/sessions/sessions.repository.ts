import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface SessionFilter {
  accountId: string;
  emailLower?: string;
  visitorId?: string;
  websiteId?: string;
  from?: number | null;
  to?: number | null;
}

type SessionsQuery = SelectQueryBuilder<DatabaseSchema, 'sessions', object>;

function applyFilter(query: SessionsQuery, filter: SessionFilter): SessionsQuery {
  let narrowed = query.where('sessions.account_id', '=', filter.accountId);
  if (filter.visitorId !== undefined) narrowed = narrowed.where('sessions.visitor_id', '=', filter.visitorId);
  if (filter.emailLower !== undefined) {
    const emailLower = filter.emailLower;
    narrowed = narrowed.where('sessions.visitor_id', 'in', (eb: ExpressionBuilder<DatabaseSchema, 'sessions'>) =>
      eb
        .selectFrom('visitors')
        .select('visitors.id')
        .where('visitors.account_id', '=', filter.accountId)
        .where('visitors.email_lower', '=', emailLower),
    );
  }
  if (filter.websiteId !== undefined) narrowed = narrowed.where('sessions.website_id', '=', filter.websiteId);
  if (filter.from != null) narrowed = narrowed.where('sessions.creation_timestamp', '>=', filter.from);
  if (filter.to != null) narrowed = narrowed.where('sessions.creation_timestamp', '<', filter.to);
  return narrowed;
}

async function countExactly(db: Db, filter: SessionFilter): Promise<number> {
  const row = await applyFilter(db.selectFrom('sessions'), filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

const HOUR = 3600;

async function sumWholeHours(db: Db, filter: SessionFilter, fromHour: number | null, toHour: number | null): Promise<number> {
  let query = db
    .selectFrom('session_hourly_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('sessions'), eb.lit(0)).as('total'))
    .where('account_id', '=', filter.accountId);
  if (filter.websiteId !== undefined) query = query.where('website_id', '=', filter.websiteId);
  if (fromHour !== null) query = query.where('hour', '>=', fromHour);
  if (toHour !== null) query = query.where('hour', '<', toHour);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/**
 * The exact number of sessions matching `filter`. Visitor and e-mail filters match few rows and are
 * counted directly; otherwise whole hours come from the hourly rollup and only the partial hours at the
 * edges of a date range are counted row by row.
 */
export async function countSessions(db: Db, filter: SessionFilter): Promise<number> {
  if (filter.emailLower !== undefined || filter.visitorId !== undefined) return countExactly(db, filter);
  const fromHour = filter.from == null ? null : Math.ceil(filter.from / HOUR) * HOUR;
  const toHour = filter.to == null ? null : Math.floor(filter.to / HOUR) * HOUR;
  if (fromHour !== null && toHour !== null && fromHour >= toHour) return countExactly(db, filter);
  const [wholeHours, head, tail] = await Promise.all([
    sumWholeHours(db, filter, fromHour, toHour),
    filter.from != null && fromHour !== null && filter.from < fromHour ? countExactly(db, { ...filter, to: fromHour }) : 0,
    filter.to != null && toHour !== null && toHour < filter.to ? countExactly(db, { ...filter, from: toHour }) : 0,
  ]);
  return wholeHours + head + tail;
}

/**
 * One page in list order (newest first, ties by id). The page's keys are found on the index alone and
 * only then joined to full rows; `fromEnd` walks the index backwards so deep pages near the end stay cheap.
 */
export async function findSessionPage(
  db: Db,
  filter: SessionFilter,
  window: { offset: number; limit: number; fromEnd: boolean },
) {
  const direction = window.fromEnd ? 'asc' : 'desc';
  const keys = applyFilter(db.selectFrom('sessions'), filter)
    .select('sessions.id')
    .orderBy('sessions.creation_timestamp', direction)
    .orderBy('sessions.id', direction)
    .limit(window.limit)
    .offset(window.offset);
  return withVisitor(db.selectFrom('sessions'))
    .where('sessions.account_id', '=', filter.accountId)
    .where('sessions.id', 'in', keys)
    .orderBy('sessions.creation_timestamp', 'desc')
    .orderBy('sessions.id', 'desc')
    .execute();
}

/** Adds the visitor's columns to a query over sessions. */
function withVisitor(query: SessionsQuery) {
  return query
    .innerJoin('visitors', (join) =>
      join.onRef('visitors.account_id', '=', 'sessions.account_id').onRef('visitors.id', '=', 'sessions.visitor_id'),
    )
    .selectAll('sessions')
    .select([
      'visitors.name as visitor_name',
      'visitors.email as visitor_email',
      'visitors.email_hash as visitor_email_hash',
      'visitors.params as visitor_params',
      'visitors.first_session_timestamp as visitor_first_session_timestamp',
      'visitors.last_session_timestamp as visitor_last_session_timestamp',
    ]);
}

export function findSessionRow(db: Db, accountId: string, sessionId: string) {
  return withVisitor(db.selectFrom('sessions'))
    .where('sessions.account_id', '=', accountId)
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export function markSessionSeen(db: Db, accountId: string, sessionId: string) {
  return db
    .updateTable('sessions')
    .set({ seen: 1 })
    .where('account_id', '=', accountId)
    .where('id', '=', sessionId)
    .where('seen', '=', 0)
    .execute();
}

export type SessionPageRow = NonNullable<Awaited<ReturnType<typeof findSessionRow>>>;
