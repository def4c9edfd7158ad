import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData } from '../../../../api/client/types.gen.ts';

/** One page of the sessions list; while another page or filter loads, the previous rows stay on screen. */
export function useSessionsQuery(query: GetSessionsData['query']) {
  return useQuery({ ...getSessionsOptions({ query }), placeholderData: keepPreviousData });
}
