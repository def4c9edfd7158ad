import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rotateWebhookSecretMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';

/** The answer carries the new secret, so it replaces the cached one without another request. */
export function useRotateWebhookSecretMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...rotateWebhookSecretMutation(),
    onSuccess: (data, variables) => {
      queryClient.setQueryData(webhookKeys.secret(variables.path.id), data);
    },
  });
}
