import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWebhookMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';
import { alertKeys } from './use-alerts-query.ts';
import { deliveryKeys } from './delivery-keys.ts';

/**
 * Refused with 409 `webhook_in_use` while alerts still send to the webhook; the error's message names them.
 * Once gone, its secret and log are dropped, and the alerts (which show targets by URL) are asked for again.
 */
export function useDeleteWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteWebhookMutation(),
    onSuccess: (_data, variables) => {
      queryClient.removeQueries({ queryKey: webhookKeys.secret(variables.path.id) });
      queryClient.removeQueries({ queryKey: deliveryKeys.ofWebhook(variables.path.id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]);
    },
  });
}
