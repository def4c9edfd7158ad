import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rotateWebhookSecretMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';

/**
 * The answer carries the new secret, so it replaces the cached one without another request; the list
 * is refreshed for the webhook's `previous_secret_expires_at`.
 */
export function useRotateWebhookSecretMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...rotateWebhookSecretMutation(),
    onSuccess: (data, variables) => {
      queryClient.setQueryData(webhookKeys.secret(variables.path.id), {
        webhook_id: data.webhook_id,
        secret: data.secret,
      });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
