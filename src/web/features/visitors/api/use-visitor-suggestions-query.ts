import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchVisitorsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { SearchVisitorsResponse } from '../../../../api/client/types.gen.ts';

export type VisitorSuggestion = SearchVisitorsResponse['visitors'][number];

/** Fewer letters match too many people to be worth a request. */
export const MIN_SEARCH_LENGTH = 2;
/** How many people the app bar suggests. */
export const SUGGESTIONS = 8;
/** How many the people page lists, the most the search gives. */
export const PEOPLE_LISTED = 20;

/**
 * People matching the app bar's text: by name or e-mail prefix, visitor id, or a pasted session link; as many
 * as `limit`.
 */
export function useVisitorSuggestionsQuery(text: string, enabled: boolean, limit = SUGGESTIONS) {
  const q = text.trim();
  return useQuery({
    ...searchVisitorsOptions({ query: { q, limit } }),
    enabled: enabled && q.length >= MIN_SEARCH_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
