import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotificationSettings } from '../../../api/client/sdk.gen.ts';

/** What the server can notify through (whether chat is configured): read by alert cards and the alert form. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['notification-settings'] as const,
    queryFn: async ({ signal }) => (await getNotificationSettings({ signal, throwOnError: true })).data,
    // A server setting: it changes only with a restart.
    staleTime: 5 * 60_000,
  });

export function useNotificationSettingsQuery() {
  return useQuery(notificationSettingsQueryOptions());
}
