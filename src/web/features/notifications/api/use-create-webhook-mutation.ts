import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhookMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';

/**
 * Registers a webhook, from the webhooks page or from inside the alert form; it joins the cached list at
 * once, so the alert form's picker can select it before the list is fetched again.
 */
export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createWebhookMutation(),
    onSuccess: ({ secret, ...webhook }) => {
      // The secret comes this once; it goes where the secret is kept, not into the list.
      queryClient.setQueryData(webhookKeys.secret(webhook.webhook_id), { webhook_id: webhook.webhook_id, secret });
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(), (webhooks) => [...(webhooks ?? []), webhook]);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
