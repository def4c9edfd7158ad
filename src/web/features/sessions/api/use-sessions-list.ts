import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { getSessionsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData, GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const NEW_SESSIONS_POLL_MS = 15_000;
/**
 * A page is asked again once this old (as the app's default has it): said here as well, since the page a
 * list is pinned on starts as the answer already held, which must not count as stale at once.
 */
const PAGE_FRESH_MS = 30_000;

type SessionsQuery = NonNullable<GetSessionsData['query']>;

/** The list's filters alone: the same list whatever page, page size or order shows it. */
function filtersOf(query: SessionsQuery): SessionsQuery {
  const { page: _page, size: _size, sort: _sort, ...filters } = query;
  return filters;
}

/** A whole Unix second as the API takes a date: ISO 8601 in UTC. */
const isoSecond = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The start of the newest session of a list when it was loaded (null: it had none), for that list only. */
interface Pin {
  list: string;
  /** The query whose answer the pin was read from. */
  query: string;
  newest: number | null;
  /** How many sessions the list held then. */
  total: number;
}

/**
 * One page of the sessions list, kept to the sessions the list held when it was first loaded, and how many
 * matching sessions arrived since, asked every 15 s as the list's total now against its total then: new
 * sessions are offered ("Show" brings them in), never slipped in. Paging, resizing or sorting the list reads the same sessions (the list is pinned with a
 * `date_to` just after its newest session), so no row moves to the next page and none is shown twice.
 *
 * The newest session is read off the first page in time order, or asked once (one row in time order) for
 * any other page or order. A list with its own `date_to` is not pinned or watched: its end is fixed already.
 * An empty list is watched with its own query: every session it then finds is new. While another page or
 * filter loads, the previous rows stay on screen.
 */
export function useSessionsList(query: SessionsQuery) {
  const queryClient = useQueryClient();
  const filters = useMemo(() => filtersOf(query), [query]);
  const list = JSON.stringify(filters);
  const [pin, setPin] = useState<Pin | null>(null);
  const open = query.date_to === undefined;
  const pinned = pin?.list === list ? pin : null;
  const newest = pinned?.newest ?? null;
  const shownQuery = useMemo(
    () => (open && newest !== null ? { ...query, date_to: isoSecond(newest + 1) } : query),
    [query, open, newest],
  );
  // A pinned answer speaks of the range the person chose, not of the pin.
  const asChosen = useCallback(
    (data: GetSessionsResponse): GetSessionsResponse => {
      if (shownQuery === query || !data.date_range) return data;
      const { date_range: range, ...rest } = data;
      return query.date_from === undefined ? rest : { ...rest, date_range: { ...range, to: null } };
    },
    [shownQuery, query],
  );
  const shownOptions = getSessionsOptions({ query: shownQuery });
  // A question the server refused (4xx) as the page opened, asked by the route on the way in, is not asked
  // again as the page mounts: it would only be refused again.
  const refused = queryClient.getQueryState(shownOptions.queryKey)?.error;
  // The page the list was pinned on is the pinned list's page as it stood: shown as it is, not asked again.
  const pinnedOn =
    pinned?.query === JSON.stringify(query)
      ? queryClient.getQueryState<GetSessionsResponse>(getSessionsOptions({ query }).queryKey)
      : undefined;
  const sessions = useQuery({
    ...shownOptions,
    placeholderData: keepPreviousData,
    staleTime: PAGE_FRESH_MS,
    retryOnMount: !(refused instanceof ApiError && refused.status < 500),
    select: asChosen,
    initialData: pinnedOn?.data,
    initialDataUpdatedAt: pinnedOn?.dataUpdatedAt,
  });
  const loaded = sessions.isSuccess && !sessions.isPlaceholderData && !sessions.isFetching;
  const inTimeOrder = (query.page ?? 0) === 0 && (query.sort === undefined || query.sort === '-start');
  const newestAsked = useQuery({
    // In time order said out loud: the count of new sessions asks the same without it, and starts at none.
    ...getSessionsOptions({ query: { ...filters, page: 0, size: 1, sort: '-start' } }),
    enabled: open && pinned === null && loaded && !inTimeOrder,
  });
  const pinFrom = open && pinned === null && loaded ? (inTimeOrder ? sessions.data : newestAsked.data) : undefined;
  if (pinFrom) {
    // Pinned as soon as the list is known, before anything is drawn from it.
    setPin({
      list,
      query: JSON.stringify(query),
      newest: pinFrom.sessions[0]?.creation_timestamp ?? null,
      total: pinFrom.total,
    });
  }

  // The list as it stands now, unpinned: what it holds beyond the pinned total arrived since, whether it
  // started after the pin or before it (a session's first events reach the server some seconds after it
  // starts, so a session may join the list's past after the list was pinned).
  const countQuery = useMemo(() => ({ ...filters, page: 0, size: 1 }), [filters]);
  const watching = open && pinned !== null && sessions.isSuccess;
  const counted = useQuery({
    ...getSessionsOptions({ query: countQuery }),
    enabled: watching,
    // Nothing is asked until the first interval passes.
    initialData: { total: 0, page: { num: 0, size: 1 }, sessions: [] },
    staleTime: NEW_SESSIONS_POLL_MS,
    refetchInterval: NEW_SESSIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const newCount = watching && pinned ? Math.max(0, counted.data.total - pinned.total) : 0;

  /**
   * Loads the list afresh, new sessions in, and pins it again at its newest: every answer held for the list
   * goes (each page and order, pinned or not, and its newest session asked in time order), since a session
   * that arrived late pins the list where it was pinned already, and an answer kept from before would
   * then be shown again.
   */
  const showNew = useCallback(() => {
    queryClient.removeQueries({
      predicate: ({ queryKey }) => {
        const [key] = queryKey as ReturnType<typeof getSessionsQueryKey>;
        if (key?._id !== 'getSessions' || !key.query) return false;
        const { date_to: _pinnedAt, ...asked } = key.query;
        return JSON.stringify(filtersOf(asked)) === list;
      },
    });
    setPin(null);
  }, [list, queryClient]);

  return { sessions, shownQuery, newCount, showNew };
}
