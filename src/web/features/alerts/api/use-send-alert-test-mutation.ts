import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAlertTestMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { alertDeliveriesQueryKey } from './use-alert-deliveries-query.ts';

/** Queues a sample message to the alert's target; it joins the alert's delivery log. */
export function useSendAlertTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...sendAlertTestMutation(),
    onSuccess: (_data, variables) =>
      queryClient.invalidateQueries({ queryKey: alertDeliveriesQueryKey(variables.path.id) }),
  });
}
