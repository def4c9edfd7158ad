import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData } from '../../../../api/client/types.gen.ts';

/** One page of a visitor's sessions; the previous page stays on screen while the next loads. */
export function useVisitorSessionsQuery(query: GetSessionsData['query']) {
  return useQuery({ ...getSessionsOptions({ query }), placeholderData: keepPreviousData });
}
