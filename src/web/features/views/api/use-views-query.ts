import { useQuery } from '@tanstack/react-query';
import { listViewsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { ListViewsResponse } from '../../../../api/client/types.gen.ts';

export type SavedView = ListViewsResponse['views'][number];

export const viewsQueryOptions = () => ({ ...listViewsOptions(), staleTime: 60_000 });

/** The person's saved views and those colleagues shared with the account. */
export function useViewsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...viewsQueryOptions(), enabled });
}
