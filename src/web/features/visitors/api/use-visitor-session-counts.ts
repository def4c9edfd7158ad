import { useQueries } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** How many sessions each visitor id has (one page of one session each; only `total` is used). */
export function useVisitorSessionCounts(visitorIds: readonly string[], websiteId: string) {
  return useQueries({
    queries: visitorIds.map((visitorId) => ({
      ...getSessionsOptions({
        query: { visitor_id: visitorId, page: 0, size: 1, ...(websiteId ? { website_id: websiteId } : {}) },
      }),
      select: (data: { total: number }) => data.total,
    })),
  });
}
