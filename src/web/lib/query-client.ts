import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Signed out or expired: pages send people to sign in rather than retrying. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function createQueryClient(onUnauthenticated: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) onUnauthenticated();
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
