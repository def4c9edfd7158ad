import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSessionEventsInfiniteOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

const PAGE_SIZE = 500;

/** Every recorded event (flatten `data.pages`) of the session, in time order: pages are fetched one after another until the last. */
export function useSessionEventsQuery(sessionId: string) {
  const query = useInfiniteQuery({
    ...getSessionEventsInfiniteOptions({ path: { id: sessionId }, query: { size: PAGE_SIZE } }),
    initialPageParam: undefined as unknown as string,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    staleTime: 60_000,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
}
