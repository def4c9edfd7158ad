import { useQuery } from '@tanstack/react-query';
import {
  listWebhookDeliveriesOptions,
  listWebhookDeliveriesQueryKey,
} from '../../../../api/client/@tanstack/react-query.gen.ts';
import { DELIVERY_LOG_LIMIT, DELIVERY_LOG_REFRESH_MS } from '../../../components/deliveries/delivery-log-options.ts';

const logOptions = (webhookId: string) => ({ path: { id: webhookId }, query: { limit: DELIVERY_LOG_LIMIT } });

/** The key of one webhook's delivery log, for the mutations that change it. */
export const webhookDeliveriesQueryKey = (webhookId: string) => listWebhookDeliveriesQueryKey(logOptions(webhookId));

/** A webhook's messages, newest first; polled while mounted so new attempts show up by themselves. */
export function useWebhookDeliveriesQuery(webhookId: string) {
  return useQuery({
    ...listWebhookDeliveriesOptions(logOptions(webhookId)),
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
}
