import { useQuery } from '@tanstack/react-query';
import { websitesQueryOptions } from '../../../lib/api/websites-query.ts';

/** How often the install check asks again while a website waits for its first event. */
export const INSTALL_POLL_MS = 5_000;

/**
 * The app's website list (the same cache entry as the website switcher's); while any website has received
 * no event yet, it is polled so its install check turns live.
 */
export function usePolledWebsitesQuery() {
  return useQuery({
    ...websitesQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((website) => website.last_event_at === null) ? INSTALL_POLL_MS : false,
  });
}
