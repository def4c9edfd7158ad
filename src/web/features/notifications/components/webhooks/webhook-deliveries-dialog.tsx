import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { DeliveryLogDialog } from '../../../../components/deliveries/delivery-log-dialog.tsx';
import { useRedeliverMutation } from '../../api/use-redeliver-mutation.ts';
import { useWebhookDeliveriesQuery } from '../../api/use-webhook-deliveries-query.ts';
import { SendWebhookTestButton } from './send-webhook-test-button.tsx';

interface WebhookDeliveriesDialogProps {
  webhook: Webhook;
  canWrite: boolean;
  onClose: () => void;
}

/** The webhook's delivery log, kept fresh while open. */
export function WebhookDeliveriesDialog({ webhook, canWrite, onClose }: WebhookDeliveriesDialogProps) {
  const deliveries = useWebhookDeliveriesQuery(webhook.webhook_id);
  const redeliver = useRedeliverMutation();
  return (
    <DeliveryLogDialog
      title={`Deliveries to ${webhook.url}`}
      deliveries={deliveries}
      redeliver={
        canWrite
          ? {
              onRedeliver: (id) => redeliver.mutate({ path: { id } }),
              pendingId: redeliver.isPending ? redeliver.variables.path.id : undefined,
              error: redeliver.error,
            }
          : undefined
      }
      actions={canWrite ? <SendWebhookTestButton webhookId={webhook.webhook_id} /> : null}
      onClose={onClose}
    />
  );
}
