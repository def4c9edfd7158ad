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

/**
 * The newest (at most `limit`) of an account's events of `kinds` since `since`, newest first; with
 * `websiteId`, only that website's. Reads the (account, kind, time) index, one range per kind.
 */
export function findRecentEventsOfKinds(
  db: Db,
  filter: { accountId: string; kinds: readonly number[]; since: number; websiteId: string | null; limit: number },
) {
  let query = db
    .selectFrom('session_events as e')
    .select(['e.kind', 'e.occurred_at', 'e.data'])
    .where('e.account_id', '=', filter.accountId)
    .where('e.kind', 'in', [...filter.kinds])
    .where('e.occurred_at', '>=', filter.since);
  const websiteId = filter.websiteId;
  if (websiteId !== null) {
    query = query
      .innerJoin('sessions as s', (join) =>
        join.onRef('s.account_id', '=', 'e.account_id').onRef('s.id', '=', 'e.session_id'),
      )
      .where('s.website_id', '=', websiteId);
  }
  return query.orderBy('e.occurred_at', 'desc').limit(filter.limit).execute();
}
