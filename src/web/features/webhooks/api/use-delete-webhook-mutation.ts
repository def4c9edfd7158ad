import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteWebhookMutation,
  getWebhookSecretQueryKey,
  listWebhooksQueryKey,
} from '../../../../api/client/@tanstack/react-query.gen.ts';

/** Refused with 409 `webhook_in_use` while alerts still send to the webhook; the error's message names them. */
export function useDeleteWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteWebhookMutation(),
    onSuccess: (_data, variables) => {
      queryClient.removeQueries({ queryKey: getWebhookSecretQueryKey({ path: variables.path }) });
      return queryClient.invalidateQueries({ queryKey: listWebhooksQueryKey() });
    },
  });
}
