import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhookMutation, listWebhooksQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createWebhookMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listWebhooksQueryKey() }),
  });
}
