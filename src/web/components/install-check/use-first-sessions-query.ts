import { useQuery } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../api/client/@tanstack/react-query.gen.ts';

/** How often to ask whether the tracker has sent anything yet. */
export const INSTALL_CHECK_INTERVAL_MS = 3000;
const SHOWN = 5;

/**
 * The website's newest sessions, asked for again every few seconds until the first one arrives, then no
 * more: the check is for the moment the tracker starts working, not a live feed.
 */
export function useFirstSessionsQuery(websiteId: string, intervalMs = INSTALL_CHECK_INTERVAL_MS) {
  return useQuery({
    ...getSessionsOptions({ query: { website_id: websiteId, page: 0, size: SHOWN } }),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.total ?? 0) > 0 ? false : intervalMs),
    refetchIntervalInBackground: false,
  });
}
