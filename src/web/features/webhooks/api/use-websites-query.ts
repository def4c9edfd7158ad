import { useQuery } from '@tanstack/react-query';
import { listWebsitesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The websites a webhook can belong to; shares its cache entry with the app's website switcher. */
export function useWebsitesQuery() {
  return useQuery({ ...listWebsitesOptions(), staleTime: 5 * 60_000 });
}
