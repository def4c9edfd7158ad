import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchVisitorsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { SearchVisitorsResponse } from '../../../../api/client/types.gen.ts';

export type VisitorSuggestion = SearchVisitorsResponse['visitors'][number];

/** Fewer letters match too many people to be worth a request. */
export const MIN_SEARCH_LENGTH = 2;
const LIMIT = 8;

/** People matching the app bar's text: by name or e-mail prefix, visitor id, or a pasted session link. */
export function useVisitorSuggestionsQuery(text: string, enabled: boolean) {
  const q = text.trim();
  return useQuery({
    ...searchVisitorsOptions({ query: { q, limit: LIMIT } }),
    enabled: enabled && q.length >= MIN_SEARCH_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
