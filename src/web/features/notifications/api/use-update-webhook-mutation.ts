import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateWebhookMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';
import { alertKeys } from './use-alerts-query.ts';

/**
 * Saves a webhook; its secret is untouched, so a revealed secret is not asked for again. Alerts show their
 * target's health, and switching a webhook back on clears the flag of every alert that uses it on the
 * server, so the alerts are asked for again too.
 */
export function useUpdateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateWebhookMutation(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
  });
}
