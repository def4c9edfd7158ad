import { useQuery } from '@tanstack/react-query';
import { listViewsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { ListViewsResponse } from '../../../../api/client/types.gen.ts';

export type SavedView = ListViewsResponse['views'][number];

export const VIEWS_POLL_MS = 60_000;

export const viewsQueryOptions = () => ({ ...listViewsOptions(), staleTime: VIEWS_POLL_MS });

/**
 * The person's saved views and those colleagues shared with the account, asked again every minute while the
 * app is in view, so a view a colleague shares or deletes shows in the navigation without a reload.
 */
export function useViewsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...viewsQueryOptions(),
    enabled,
    refetchInterval: VIEWS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
