import { useQuery } from '@tanstack/react-query';
import { listTokensOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useTokensQuery() {
  return useQuery(listTokensOptions());
}
