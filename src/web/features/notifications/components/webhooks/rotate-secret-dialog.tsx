import Typography from '@mui/material/Typography';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../../components/feedback/confirm-dialog.tsx';
import { useRotateWebhookSecretMutation } from '../../api/use-rotate-webhook-secret-mutation.ts';

interface RotateSecretDialogProps {
  webhookId: string;
  onClose: () => void;
  onRotated: () => void;
}

export function RotateSecretDialog({ webhookId, onClose, onRotated }: RotateSecretDialogProps) {
  const rotate = useRotateWebhookSecretMutation();
  return (
    <ConfirmDialog
      open
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      destructive
      pending={rotate.isPending}
      onConfirm={() => rotate.mutate({ path: { id: webhookId } }, { onSuccess: onRotated })}
      onClose={onClose}
    >
      <Typography gutterBottom>
        A new secret replaces the current one at once. From then on every delivery is signed with the new secret, and
        the old one no longer verifies.
      </Typography>
      <Typography sx={{ mb: rotate.isError ? 2 : 0 }}>
        Update every receiver of this webhook with the new secret, or they will reject its deliveries.
      </Typography>
      {rotate.isError ? <ApiErrorAlert error={rotate.error} title="The secret was not rotated" /> : null}
    </ConfirmDialog>
  );
}
