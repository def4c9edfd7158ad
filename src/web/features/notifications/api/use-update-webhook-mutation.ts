import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateWebhookMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';
import { alertKeys } from './use-alerts-query.ts';

/**
 * Saves a webhook. Alerts show their target's health, and switching a webhook back on clears the flag of
 * every alert that uses it on the server, so the alerts are asked for again too.
 */
export function useUpdateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateWebhookMutation(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
  });
}
