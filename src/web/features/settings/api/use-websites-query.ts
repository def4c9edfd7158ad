import { useQuery } from '@tanstack/react-query';
import { listWebsitesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** How often the install check asks again while a website waits for its first event. */
export const INSTALL_POLL_MS = 5_000;

/**
 * The account's websites with their tracker snippets; shares its cache entry with the website switcher.
 * While any website has received no event yet, the list is polled so its install check turns live.
 */
export function useWebsitesQuery() {
  return useQuery({
    ...listWebsitesOptions(),
    staleTime: 5 * 60_000,
    refetchInterval: (query) =>
      query.state.data?.some((website) => website.last_event_at === null) ? INSTALL_POLL_MS : false,
  });
}
