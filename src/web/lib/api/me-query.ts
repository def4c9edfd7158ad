import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe } from '../../../api/client/sdk.gen.ts';
import { SIGNED_IN_COOKIE } from '../../../api/sign-in-cookie.ts';
import { ApiError } from '../api-error.ts';

function mayBeSignedIn(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/** Who is signed in, under one key the query cache's handlers can tell apart. */
export const ME_QUERY_KEY = ['me'] as const;

/** What the server answers when nobody is signed in, without asking it. */
const notSignedIn = () =>
  new ApiError({ status: 401, type: 'authentication_error', code: 'unauthenticated', message: 'Sign in to continue' });

/** Who is signed in and what they may do: read by the app shell, the route loaders and every page. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      // A browser that never signed in, or signed out, goes to the sign-in page without a request that
      // would only fail (and show as an error in the browser's console).
      if (!mayBeSignedIn()) throw notSignedIn();
      return (await getMe({ signal, throwOnError: true })).data;
    },
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
