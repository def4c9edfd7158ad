import { useQuery } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData, Session } from '../../../../api/client/types.gen.ts';

export const NEW_SESSIONS_POLL_MS = 15_000;

/**
 * How many sessions matching the list started since the newest one shown, asked every 15 s while `enabled`.
 * The question is the list's own query from the newest start on (that second included, so none is missed);
 * the shown sessions of that same second are taken off. A list showing none asks its own query as it is:
 * every session it finds then is new, whatever the clocks of the browser and the server say. Nothing is
 * asked until the first interval passes.
 */
export function useNewSessionsCount(query: GetSessionsData['query'], shown: Session[], enabled: boolean): number {
  const newest = shown[0]?.creation_timestamp;
  const sameSecond = shown.filter((session) => session.creation_timestamp === newest).length;
  const since = newest === undefined ? {} : { date_from: new Date(newest * 1000).toISOString().replace('.000Z', 'Z') };
  const result = useQuery({
    ...getSessionsOptions({ query: { ...query, page: 0, size: 1, ...since } }),
    enabled,
    initialData: { total: sameSecond, page: { num: 0, size: 1 }, sessions: [] },
    staleTime: NEW_SESSIONS_POLL_MS,
    refetchInterval: NEW_SESSIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return enabled ? Math.max(0, result.data.total - sameSecond) : 0;
}
