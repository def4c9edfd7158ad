import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSessionOptions } from '../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsResponse, Session } from '../../../api/client/types.gen.ts';

/** Every cached sessions list, whatever its filters: generated keys start with the operation id. */
const ALL_SESSION_LISTS = [{ _id: 'getSessions' }];

/** The server marks a session seen when a person opens it; lists already in the cache say so at once. */
function markSeenInLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<GetSessionsResponse>({ queryKey: ALL_SESSION_LISTS }, (list) =>
    list?.sessions.some((session) => session.id === id && !session.seen)
      ? {
          ...list,
          sessions: list.sessions.map((session) => (session.id === id ? { ...session, seen: true } : session)),
        }
      : list,
  );
}

/**
 * One session, opened by a person. `listed` (the row already on screen) shows at once while the full
 * record loads.
 */
export function useSessionQuery(id: string | null, listed?: Session) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getSessionOptions({ path: { id: id ?? '' } }),
    enabled: id !== null,
    placeholderData: listed,
    // A hover may have loaded it already (without marking it seen): show that at once, and ask again so
    // the server records that the person opened it.
    staleTime: 0,
  });
  const loadedId = query.isSuccess && !query.isPlaceholderData ? query.data.id : null;
  useEffect(() => {
    if (loadedId) markSeenInLists(queryClient, loadedId);
  }, [queryClient, loadedId]);
  return query;
}
