import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSessionQueryKey } from '../../../api/client/@tanstack/react-query.gen.ts';
import { getSession } from '../../../api/client/sdk.gen.ts';

const PREFETCH_FRESH_MS = 30_000;

/**
 * Loads a session while the pointer rests on (or focus is in) its row, so its drawer opens with the full
 * record. `peek` keeps the read from marking it seen: only opening it does (the drawer asks again then).
 */
export function usePrefetchSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      const path = { id };
      void queryClient.prefetchQuery({
        queryKey: getSessionQueryKey({ path }),
        queryFn: async ({ signal }) =>
          (await getSession({ path, query: { peek: true }, signal, throwOnError: true })).data,
        staleTime: PREFETCH_FRESH_MS,
      });
    },
    [queryClient],
  );
}
