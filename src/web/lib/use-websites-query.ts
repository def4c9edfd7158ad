import { useQuery } from '@tanstack/react-query';
import { listWebsitesOptions } from '../../api/client/@tanstack/react-query.gen.ts';

/** The account's websites: read by the app bar, the first-run install check and most pages. */
export function useWebsitesQuery() {
  return useQuery({ ...listWebsitesOptions(), staleTime: 5 * 60_000 });
}
