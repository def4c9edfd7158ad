import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAlertDeliveries } from '../../../../api/client/sdk.gen.ts';
import { DELIVERY_LOG_LIMIT, DELIVERY_LOG_REFRESH_MS } from '../../../components/deliveries/delivery-log-options.ts';
import { deliveryKeys } from './delivery-keys.ts';

export const alertDeliveriesQueryOptions = (alertId: string) =>
  queryOptions({
    queryKey: deliveryKeys.ofAlert(alertId),
    queryFn: async ({ signal }) =>
      (
        await listAlertDeliveries({
          path: { id: alertId },
          query: { limit: DELIVERY_LOG_LIMIT },
          signal,
          throwOnError: true,
        })
      ).data,
  });

/** An alert's messages, newest first; polled while mounted so new attempts show up by themselves. */
export function useAlertDeliveriesQuery(alertId: string) {
  return useQuery({ ...alertDeliveriesQueryOptions(alertId), refetchInterval: DELIVERY_LOG_REFRESH_MS });
}
