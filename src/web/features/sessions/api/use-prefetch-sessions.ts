import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { applyViewChange, type SessionsView, toSessionsQuery } from '../lib/sessions-search-params.ts';

/**
 * Starts loading the list a change of the view would show, while the person points at (or moves focus to)
 * the choice that makes it: by the time they choose, its rows are on the way or already here. The same
 * query options as the list, so choosing it finds the request under way.
 */
export function usePrefetchSessions(view: SessionsView) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: Partial<SessionsView>) => {
      void queryClient.prefetchQuery(getSessionsOptions({ query: toSessionsQuery(applyViewChange(view, change)) }));
    },
    [queryClient, view],
  );
}
