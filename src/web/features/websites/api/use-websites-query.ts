import { useQuery } from '@tanstack/react-query';
import { listWebsitesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useWebsitesQuery() {
  return useQuery({ ...listWebsitesOptions(), staleTime: 5 * 60_000 });
}
