import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliverMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { alertDeliveriesQueryKey } from './use-alert-deliveries-query.ts';

/** Sends one of the alert's messages again, then asks for its log again. Needs `webhooks:write`. */
export function useRedeliverMutation(alertId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeliverMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertDeliveriesQueryKey(alertId) }),
  });
}
