import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendWebhookTestMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** Queues a sample message to the webhook; it joins the webhook's delivery log. */
export function useSendWebhookTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...sendWebhookTestMutation(),
    onSuccess: (_data, variables) =>
      queryClient.invalidateQueries({ queryKey: deliveryKeys.ofWebhook(variables.path.id) }),
  });
}
