import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { previewAlert } from '../../../../api/client/sdk.gen.ts';
import type { PreviewAlertData } from '../../../../api/client/types.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

export type AlertPreviewBody = PreviewAlertData['body'];

/** How an unsaved rule would have done over the last 7 days; the same rule is asked once a minute at most. */
export const alertPreviewQueryOptions = (body: AlertPreviewBody) =>
  queryOptions({
    queryKey: [...alertKeys.all, 'preview', body] as const,
    queryFn: async ({ signal }) => (await previewAlert({ body, signal, throwOnError: true })).data,
    staleTime: 60_000,
  });

/** Without a rule (the form is not valid yet) nothing is asked; the last answer stays while the next loads. */
export function useAlertPreviewQuery(body: AlertPreviewBody | null) {
  return useQuery({
    ...alertPreviewQueryOptions(body ?? { events: [] }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
