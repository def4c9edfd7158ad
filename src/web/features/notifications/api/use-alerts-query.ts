import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAlerts } from '../../../../api/client/sdk.gen.ts';

/** Keys of everything about alerts; invalidating `all` refreshes each of them. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: () => [...alertKeys.all, 'list'] as const,
  matches: (alertId: string) => [...alertKeys.all, alertId, 'matches'] as const,
};

/** The account's alerts, oldest first, each with whether its target is healthy. */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.list(),
    queryFn: async ({ signal }) => (await listAlerts({ signal, throwOnError: true })).data,
    staleTime: 30_000,
  });

export function useAlertsQuery() {
  return useQuery(alertsQueryOptions());
}
