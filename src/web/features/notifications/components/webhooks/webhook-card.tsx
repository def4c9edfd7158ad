import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { DetailList } from '../../../../components/data-display/detail-list.tsx';
import { UnixDate } from '../../../../components/data-display/unix-date.tsx';
import { SendWebhookTestButton } from './send-webhook-test-button.tsx';
import { WebhookHealth } from './webhook-health.tsx';
import { WebhookSecret } from './webhook-secret.tsx';

interface WebhookCardProps {
  webhook: Webhook;
  canWrite: boolean;
  canSeeSecret: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShowDeliveries: () => void;
}

export function WebhookCard({ webhook, canWrite, canSeeSecret, onEdit, onDelete, onShowDeliveries }: WebhookCardProps) {
  const titleId = `webhook-${webhook.webhook_id}-url`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Typography
          id={titleId}
          sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {webhook.url}
        </Typography>
        <Chip
          size="small"
          label={webhook.enabled ? 'Enabled' : 'Disabled'}
          color={webhook.enabled ? 'success' : 'default'}
          variant="outlined"
        />
      </Stack>
      <WebhookHealth webhook={webhook} />
      <DetailList
        details={[
          { label: 'Website', value: webhook.website },
          { label: 'Version', value: webhook.version },
          { label: 'Created', value: <UnixDate seconds={webhook.created_date} /> },
          { label: 'Created by', value: webhook.created_by },
        ]}
      />
      {canSeeSecret ? (
        <>
          <Divider />
          <WebhookSecret webhookId={webhook.webhook_id} />
        </>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        {canWrite ? <SendWebhookTestButton webhookId={webhook.webhook_id} /> : null}
        <Button size="small" startIcon={<HistoryIcon />} onClick={onShowDeliveries}>
          Deliveries
        </Button>
        {canWrite ? (
          <>
            <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
              Edit
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
              Delete
            </Button>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
