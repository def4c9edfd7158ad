import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhooks } from '../../../api/client/sdk.gen.ts';

/** Keys of everything about webhooks: the list, and each webhook's secret under its id. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  secret: (webhookId: string) => [...webhookKeys.all, webhookId, 'secret'] as const,
};

/**
 * The account's webhooks, with their health: read by the webhooks page, and by the alerts page to show
 * targets by URL and offer them in the alert form.
 */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: async ({ signal }) => (await listWebhooks({ signal, throwOnError: true })).data,
    staleTime: 30_000,
  });

/** `enabled` is false for people who may not read webhooks, so nothing is asked that would be refused. */
export function useWebhooksQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...webhooksQueryOptions(), enabled });
}
