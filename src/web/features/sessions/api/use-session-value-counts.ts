import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listSessionValuesOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { ListSessionValuesData, ListSessionValuesResponse } from '../../../../api/client/types.gen.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export type SessionValueField = ListSessionValuesData['query']['field'];

/** Stored values in the server's order (most sessions first), each with its sessions; none for URL texts. */
export type SessionValueCounts = ReadonlyMap<string, number | undefined>;

const LIMIT = 10;
const TYPING_PAUSE_MS = 200;
const NO_VALUES: SessionValueCounts = new Map();

const toCounts = (data: ListSessionValuesResponse): SessionValueCounts =>
  new Map(data.values.map((item) => [item.value, item.sessions]));

/**
 * Stored values of a list filter containing the text typed so far, with their sessions: asked once per
 * pause in typing, and kept while the next answer comes so the options do not flicker. Without a field,
 * or while not enabled, nothing is asked and there are no values.
 */
export function useSessionValueCounts(
  field: SessionValueField | undefined,
  text: string,
  options: { name?: string; websiteId?: string; enabled?: boolean; limit?: number } = {},
): SessionValueCounts {
  const q = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { name, websiteId, limit = LIMIT } = options;
  const enabled = (options.enabled ?? true) && field !== undefined;
  const { data } = useQuery({
    ...listSessionValuesOptions({
      query: {
        // Never asked without a field: the query is disabled, this only names its key.
        field: field ?? 'device',
        limit,
        ...(q ? { q } : {}),
        ...(name ? { name } : {}),
        ...(websiteId ? { website_id: websiteId } : {}),
      },
    }),
    enabled,
    select: toCounts,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return enabled && data ? data : NO_VALUES;
}
