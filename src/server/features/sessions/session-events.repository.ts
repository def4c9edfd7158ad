import type { Db } from '../../db/database.ts';

export interface EventPosition {
  occurredAt: number;
  id: string;
}

/** Up to `limit` of a session's events in time order after `after`, of `kinds` when given. */
export function findSessionEvents(
  db: Db,
  filter: { accountId: string; sessionId: string; kinds: number[] | null; after: EventPosition | null; limit: number },
) {
  let query = db
    .selectFrom('session_events')
    .select(['id', 'kind', 'occurred_at', 'data'])
    .where('account_id', '=', filter.accountId)
    .where('session_id', '=', filter.sessionId);
  if (filter.kinds) query = query.where('kind', 'in', filter.kinds);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('occurred_at', '>', after.occurredAt),
        eb.and([eb('occurred_at', '=', after.occurredAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('occurred_at').orderBy('id').limit(filter.limit).execute();
}
