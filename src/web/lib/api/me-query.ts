import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe } from '../../../api/client/sdk.gen.ts';

/** Who is signed in and what they may do: read by the app shell, the route loaders and every page. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: async ({ signal }) => (await getMe({ signal, throwOnError: true })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Who is signed in; an ApiError with status 401 when nobody is. */
export function useMeQuery() {
  return useQuery(meQueryOptions());
}

/** What the signed-in person may do; the server enforces the same permissions. */
export function usePermissions(): { can: (permission: string) => boolean } {
  const { data } = useMeQuery();
  const permissions = new Set(data?.permissions ?? []);
  return { can: (permission) => permissions.has(permission) };
}
