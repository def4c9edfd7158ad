import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliverMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookDeliveriesQueryKey } from './use-webhook-deliveries-query.ts';

/** Sends one of the webhook's messages again, then asks for its log again. */
export function useRedeliverMutation(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeliverMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(webhookId) }),
  });
}
