import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliverMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { deliveryKeys } from './delivery-keys.ts';

/**
 * Sends a message again. The message sits in its alert's log and its webhook's log alike, so every open
 * log is asked for again. Needs `webhooks:write`, whichever page it is sent from.
 */
export function useRedeliverMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeliverMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
