import { useQuery } from '@tanstack/react-query';
import {
  listAlertDeliveriesOptions,
  listAlertDeliveriesQueryKey,
} from '../../../../api/client/@tanstack/react-query.gen.ts';
import { DELIVERY_LOG_LIMIT, DELIVERY_LOG_REFRESH_MS } from '../../../components/deliveries/delivery-log-options.ts';

const logOptions = (alertId: string) => ({ path: { id: alertId }, query: { limit: DELIVERY_LOG_LIMIT } });

/** The key of one alert's delivery log, for the mutations that change it. */
export const alertDeliveriesQueryKey = (alertId: string) => listAlertDeliveriesQueryKey(logOptions(alertId));

/** An alert's messages, newest first; polled while mounted so new attempts show up by themselves. */
export function useAlertDeliveriesQuery(alertId: string) {
  return useQuery({ ...listAlertDeliveriesOptions(logOptions(alertId)), refetchInterval: DELIVERY_LOG_REFRESH_MS });
}
