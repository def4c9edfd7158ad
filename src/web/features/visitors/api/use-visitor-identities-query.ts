import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSessionsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { GetSessionsData } from '../../../../api/client/types.gen.ts';
import { type VisitorIdentity, visitorIdentities } from '../lib/visitor-identities.ts';

/** How many of the newest sessions are read to find every visitor id behind an e-mail. */
export const IDENTITY_SCAN_LIMIT = 500;
const PAGE_SIZE = 100;

export interface VisitorIdentitiesResult {
  identities: VisitorIdentity[];
  /** Sessions matching the lookup. */
  total: number;
  /** False when there were more sessions than IDENTITY_SCAN_LIMIT, so an old identity may be missing. */
  complete: boolean;
}

type LookupFilter = Omit<NonNullable<GetSessionsData['query']>, 'page' | 'size'>;

/** The visitor ids (with name, e-mail and params) behind a lookup, read from its newest sessions. */
export function useVisitorIdentitiesQuery(filter: LookupFilter) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['visitors', 'identities', filter],
    queryFn: async (): Promise<VisitorIdentitiesResult> => {
      const first = await queryClient.fetchQuery(
        getSessionsOptions({ query: { ...filter, page: 0, size: PAGE_SIZE } }),
      );
      const sessions = [...first.sessions];
      const pages = Math.min(Math.ceil(first.total / PAGE_SIZE), IDENTITY_SCAN_LIMIT / PAGE_SIZE);
      for (let page = 1; page < pages; page += 1) {
        const next = await queryClient.fetchQuery(getSessionsOptions({ query: { ...filter, page, size: PAGE_SIZE } }));
        sessions.push(...next.sessions);
      }
      return {
        identities: visitorIdentities(sessions),
        total: first.total,
        complete: first.total <= IDENTITY_SCAN_LIMIT,
      };
    },
  });
}
