import { useQuery } from '@tanstack/react-query';
import { listWebsitesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The account's websites with their tracker snippets; shares its cache entry with the website switcher. */
export function useWebsitesQuery() {
  return useQuery({ ...listWebsitesOptions(), staleTime: 5 * 60_000 });
}
