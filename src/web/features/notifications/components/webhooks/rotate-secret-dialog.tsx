import Typography from '@mui/material/Typography';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../../components/feedback/confirm-dialog.tsx';
import { useRotateWebhookSecretMutation } from '../../api/use-rotate-webhook-secret-mutation.ts';

interface RotateSecretDialogProps {
  webhookId: string;
  onClose: () => void;
  /** `previousExpiresAt`: Unix seconds until which the replaced secret still signs. */
  onRotated: (previousExpiresAt: number) => void;
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
      onConfirm={() =>
        rotate.mutate({ path: { id: webhookId } }, { onSuccess: (data) => onRotated(data.previous_secret_expires_at) })
      }
      onClose={onClose}
    >
      <Typography gutterBottom>
        A new secret replaces the current one. For 24 hours every delivery is signed with both (in its webhook-signature
        header), so receivers still using the old secret keep accepting deliveries; after that only the new one signs.
        Receivers that check LiveSession-Signature need the new secret at once.
      </Typography>
      <Typography sx={{ mb: rotate.isError ? 2 : 0 }}>
        Update every receiver of this webhook with the new secret within 24 hours.
      </Typography>
      {rotate.isError ? <ApiErrorAlert error={rotate.error} title="The secret was not rotated" /> : null}
    </ConfirmDialog>
  );
}
