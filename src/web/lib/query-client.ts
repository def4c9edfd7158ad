import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { ME_QUERY_KEY } from './api/me-query.ts';

/** Signed out or expired: pages send people to sign in rather than retrying. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function createQueryClient(onUnauthenticated: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // Who is signed in (`me`) is the signed-in pages' own question: they send people to sign in within
      // the app, without reloading it and dropping the page's code that is still loading.
      onError: (error, query) => {
        if (isUnauthenticated(error) && query.queryKey[0] !== ME_QUERY_KEY[0]) onUnauthenticated();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => error instanceof ApiError && error.status >= 500 && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
