import type { Alert } from '../../../../../api/client/types.gen.ts';
import { DeliveryLogDialog } from '../../../../components/deliveries/delivery-log-dialog.tsx';
import { useAlertDeliveriesQuery } from '../../api/use-alert-deliveries-query.ts';
import { useRedeliverMutation } from '../../api/use-redeliver-mutation.ts';
import { SendAlertTestButton } from './send-alert-test-button.tsx';

interface AlertDeliveriesDialogProps {
  alert: Alert;
  canSendTest: boolean;
  /** The server lets only people who may change webhooks send a message again, whatever its target. */
  canRedeliver: boolean;
  onClose: () => void;
}

/** The alert's delivery log, kept fresh while open. */
export function AlertDeliveriesDialog({ alert, canSendTest, canRedeliver, onClose }: AlertDeliveriesDialogProps) {
  const deliveries = useAlertDeliveriesQuery(alert.alert_id);
  const redeliver = useRedeliverMutation();
  return (
    <DeliveryLogDialog
      title={`Deliveries of “${alert.name}”`}
      deliveries={deliveries}
      redeliver={
        canRedeliver
          ? {
              onRedeliver: (id) => redeliver.mutate({ path: { id } }),
              pendingId: redeliver.isPending ? redeliver.variables.path.id : undefined,
              error: redeliver.error,
            }
          : undefined
      }
      actions={canSendTest ? <SendAlertTestButton alert={alert} /> : null}
      onClose={onClose}
    />
  );
}
