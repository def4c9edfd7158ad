import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listSessionValuesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { ListSessionValuesData, ListSessionValuesResponse } from '../../../../api/client/types.gen.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export type SessionValueField = ListSessionValuesData['query']['field'];
export type SessionValue = ListSessionValuesResponse['values'][number];

const LIMIT = 10;
const TYPING_PAUSE_MS = 200;

/**
 * Stored values of a list filter containing the text typed so far, most sessions first: asked once per
 * pause in typing, and kept while the next answer comes so the options do not flicker.
 */
export function useSessionValuesQuery(
  field: SessionValueField,
  text: string,
  options: { name?: string; websiteId?: string; enabled?: boolean; limit?: number } = {},
) {
  const q = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { name, websiteId, enabled = true, limit = LIMIT } = options;
  return useQuery({
    ...listSessionValuesOptions({
      query: {
        field,
        limit,
        ...(q ? { q } : {}),
        ...(name ? { name } : {}),
        ...(websiteId ? { website_id: websiteId } : {}),
      },
    }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
