import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAlertTestMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** Queues a sample message to the alert's target; it joins the alert's delivery log. */
export function useSendAlertTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...sendAlertTestMutation(),
    onSuccess: (_data, variables) =>
      queryClient.invalidateQueries({ queryKey: deliveryKeys.ofAlert(variables.path.id) }),
  });
}
