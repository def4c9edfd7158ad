import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listWebhooksQueryKey, updateWebhookMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUpdateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateWebhookMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listWebhooksQueryKey() }),
  });
}
