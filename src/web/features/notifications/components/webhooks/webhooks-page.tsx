import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { NoAccess } from '../../../../components/feedback/no-access.tsx';
import { useMeQuery, usePermissions } from '../../../../lib/api/me-query.ts';
import { useWebhooksQuery } from '../../../../lib/api/webhooks-query.ts';
import { DeleteWebhookDialog } from './delete-webhook-dialog.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookPayloadSamples } from './webhook-payload-samples.tsx';
import { useDocumentTitle } from '../../../../lib/use-document-title.ts';

/** Which dialog is open: the form (with the webhook being edited, if any), the delete confirmation or the log. */
type OpenDialog =
  | { kind: 'form'; webhook?: Webhook }
  | { kind: 'delete'; webhook: Webhook }
  | { kind: 'deliveries'; webhook: Webhook }
  | null;

/** `/webhooks`: asks for nothing a role cannot read, and says so once instead. */
export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const me = useMeQuery();
  const { can } = usePermissions();
  if (me.isPending) return <LinearProgress aria-label="Loading webhooks" />;
  if (!can('webhooks:read')) {
    return (
      <NoAccess title="Webhooks">
        Your role can’t view webhooks. Ask an admin of your account if you need them.
      </NoAccess>
    );
  }
  return <WebhooksView canWrite={can('webhooks:write')} canSeeSecret={can('account:admin')} />;
}

function WebhooksView({ canWrite, canSeeSecret }: { canWrite: boolean; canSeeSecret: boolean }) {
  const webhooks = useWebhooksQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h5" component="h1">
          Webhooks
        </Typography>
        {canWrite ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form' })}>
            Register webhook
          </Button>
        ) : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Alerts that use a webhook are sent as signed JSON POST requests to its URL.
      </Typography>
      {!canWrite ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can look at webhooks but not change them. Ask an admin to register, edit or delete one.
        </Alert>
      ) : null}
      {webhooks.isPending ? <LinearProgress aria-label="Loading webhooks" /> : null}
      {webhooks.isError ? <ApiErrorAlert error={webhooks.error} title="The webhooks could not be loaded" /> : null}
      {webhooks.data?.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>No webhooks yet.</Typography>
          {canWrite ? (
            <Typography color="text.secondary">Register one to send alerts to your own systems.</Typography>
          ) : null}
        </Paper>
      ) : null}
      {webhooks.data && webhooks.data.length > 0 ? (
        <Stack component="ul" aria-label="Webhooks" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
          {webhooks.data.map((webhook) => (
            <WebhookCard
              key={webhook.webhook_id}
              webhook={webhook}
              canWrite={canWrite}
              canSeeSecret={canSeeSecret}
              onEdit={() => setDialog({ kind: 'form', webhook })}
              onDelete={() => setDialog({ kind: 'delete', webhook })}
              onShowDeliveries={() => setDialog({ kind: 'deliveries', webhook })}
            />
          ))}
        </Stack>
      ) : null}
      <WebhookPayloadSamples />
      {dialog?.kind === 'form' ? <WebhookFormDialog webhook={dialog.webhook} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteWebhookDialog webhook={dialog.webhook} onClose={close} /> : null}
      {dialog?.kind === 'deliveries' ? (
        <WebhookDeliveriesDialog webhook={dialog.webhook} canWrite={canWrite} onClose={close} />
      ) : null}
    </Box>
  );
}
