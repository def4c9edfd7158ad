import type { Alert } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../../components/feedback/confirm-dialog.tsx';
import { useDeleteAlertMutation } from '../../api/use-delete-alert-mutation.ts';

/** Asks before deleting an alert, naming it, and shows why if the server refuses. */
export function DeleteAlertDialog({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  const deleteAlert = useDeleteAlertMutation();
  return (
    <ConfirmDialog
      open
      title="Delete this alert?"
      confirmLabel="Delete alert"
      destructive
      pending={deleteAlert.isPending}
      onClose={onClose}
      onConfirm={() => deleteAlert.mutate({ path: { id: alert.alert_id } }, { onSuccess: onClose })}
    >
      {deleteAlert.isError ? <ApiErrorAlert error={deleteAlert.error} title="The alert could not be deleted" /> : null}“
      {alert.name}” will stop sending notifications. This cannot be undone.
    </ConfirmDialog>
  );
}
