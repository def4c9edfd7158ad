import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWebsites } from '../../../api/client/sdk.gen.ts';

/** Keys of everything about websites; invalidating `all` refreshes each of them. */
export const websiteKeys = {
  all: ['websites'] as const,
  list: () => [...websiteKeys.all, 'list'] as const,
};

/** The account's websites: read by the app bar, the first-run install check and most pages. */
export const websitesQueryOptions = () =>
  queryOptions({
    queryKey: websiteKeys.list(),
    queryFn: async ({ signal }) => (await listWebsites({ signal, throwOnError: true })).data,
    staleTime: 5 * 60_000,
  });

export function useWebsitesQuery() {
  return useQuery(websitesQueryOptions());
}
