import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAlertMatches } from '../../../../api/client/sdk.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

/** How many of its latest matches an alert card shows. */
export const RECENT_MATCHES = 3;

export const alertMatchesQueryOptions = (alertId: string) =>
  queryOptions({
    queryKey: alertKeys.matches(alertId),
    queryFn: async ({ signal }) =>
      (await listAlertMatches({ path: { id: alertId }, query: { limit: RECENT_MATCHES }, signal, throwOnError: true }))
        .data,
    staleTime: 30_000,
  });

/** The sessions that last made the alert send a message; asked only once the alert has fired. */
export function useAlertMatchesQuery(alertId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...alertMatchesQueryOptions(alertId), enabled });
}
