import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhookDeliveries } from '../../../../api/client/sdk.gen.ts';
import { DELIVERY_LOG_LIMIT, DELIVERY_LOG_REFRESH_MS } from '../../../components/deliveries/delivery-log-options.ts';
import { deliveryKeys } from './delivery-keys.ts';

export const webhookDeliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: deliveryKeys.ofWebhook(webhookId),
    queryFn: async ({ signal }) =>
      (
        await listWebhookDeliveries({
          path: { id: webhookId },
          query: { limit: DELIVERY_LOG_LIMIT },
          signal,
          throwOnError: true,
        })
      ).data,
  });

/** A webhook's messages, newest first; polled while mounted so new attempts show up by themselves. */
export function useWebhookDeliveriesQuery(webhookId: string) {
  return useQuery({ ...webhookDeliveriesQueryOptions(webhookId), refetchInterval: DELIVERY_LOG_REFRESH_MS });
}
