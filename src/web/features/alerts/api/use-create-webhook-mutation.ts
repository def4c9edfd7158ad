import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhookMutation, listWebhooksQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { Webhook } from '../../../../api/client/types.gen.ts';

/** Registers a webhook from the alert form; it joins the picker's list before the list is fetched again. */
export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  const queryKey = listWebhooksQueryKey();
  return useMutation({
    ...createWebhookMutation(),
    onSuccess: (webhook) => {
      queryClient.setQueryData<Webhook[]>(queryKey, (webhooks) => [...(webhooks ?? []), webhook]);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
