import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { ConfirmDialog } from '../../../../components/feedback/confirm-dialog.tsx';
import { toApiError } from '../../../../lib/api-error.ts';
import { useDeleteWebhookMutation } from '../../api/use-delete-webhook-mutation.ts';

function DeleteFailure({ error }: { error: unknown }) {
  const apiError = toApiError(error);
  if (apiError.code !== 'webhook_in_use') return <ApiErrorAlert error={apiError} title="The webhook was not deleted" />;
  // The server's message names the alerts, which is exactly what the person needs to act on.
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>Alerts still send to this webhook</AlertTitle>
      {apiError.message}
      <Box component="span" sx={{ display: 'block', mt: 1 }}>
        Change those alerts to another webhook or delete them, then try again.
      </Box>
    </Alert>
  );
}

export function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const remove = useDeleteWebhookMutation();
  return (
    <ConfirmDialog
      open
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
      destructive
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ path: { id: webhook.webhook_id } }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Typography sx={{ overflowWrap: 'anywhere', mb: remove.isError ? 2 : 0 }}>
        Nothing more will be sent to <strong>{webhook.url}</strong>, and its signing secret is discarded. This cannot be
        undone.
      </Typography>
      {remove.isError ? <DeleteFailure error={remove.error} /> : null}
    </ConfirmDialog>
  );
}
