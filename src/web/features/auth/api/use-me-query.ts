import { useQuery } from '@tanstack/react-query';
import { getMeOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export const meQueryOptions = () => ({ ...getMeOptions(), staleTime: 5 * 60_000, retry: false });

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
