import AddIcon from '@mui/icons-material/Add';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { useMeQuery, usePermissions } from '../../../../lib/api/me-query.ts';
import { useAlertsQuery } from '../../api/use-alerts-query.ts';
import { useWebhooksQuery } from '../../../../lib/api/webhooks-query.ts';
import { AlertDeliveriesDialog } from './alert-deliveries-dialog.tsx';
import { AlertFormDialog } from './alert-form-dialog.tsx';
import { AlertList } from './alert-list.tsx';
import { AlertsEmptyState } from './alerts-empty-state.tsx';
import { AlertsNoAccess } from './alerts-no-access.tsx';
import { AlertsSkeleton } from './alerts-skeleton.tsx';
import { DeleteAlertDialog } from './delete-alert-dialog.tsx';
import { useDocumentTitle } from '../../../../lib/use-document-title.ts';

/**
 * `/alerts`: everyone who may read alerts sees them and their delivery logs; those who may write also create,
 * edit, switch, delete and send tests.
 */
export function AlertsPage() {
  useDocumentTitle('Alerts');
  const me = useMeQuery();
  const { can } = usePermissions();
  if (me.isPending) return <AlertsSkeleton />;
  if (!can('alerts:read')) return <AlertsNoAccess />;
  return (
    <AlertsView
      canWrite={can('alerts:write')}
      canReadWebhooks={can('webhooks:read')}
      canWriteWebhooks={can('webhooks:write')}
    />
  );
}

interface AlertsViewProps {
  canWrite: boolean;
  canReadWebhooks: boolean;
  canWriteWebhooks: boolean;
}

function AlertsView({ canWrite, canReadWebhooks, canWriteWebhooks }: AlertsViewProps) {
  const alerts = useAlertsQuery();
  const webhooks = useWebhooksQuery({ enabled: canReadWebhooks });
  const [editing, setEditing] = useState<{ alert?: Alert } | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const [showingDeliveries, setShowingDeliveries] = useState<Alert | null>(null);
  const create = canWrite ? () => setEditing({}) : undefined;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
      >
        <div>
          <Typography variant="h5" component="h1">
            Alerts
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Notify a chat channel or a webhook when visitors run into trouble.
          </Typography>
        </div>
        {create && alerts.data?.length ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
            Create alert
          </Button>
        ) : null}
      </Stack>
      {!canWrite ? (
        <MuiAlert severity="info" sx={{ mb: 2 }}>
          You can look at alerts but not change them or switch them on or off. Ask an admin to do it.
        </MuiAlert>
      ) : null}
      {alerts.isPending ? <AlertsSkeleton /> : null}
      {alerts.isError ? <ApiErrorAlert error={alerts.error} title="Alerts could not be loaded" /> : null}
      {alerts.data?.length === 0 ? <AlertsEmptyState onCreate={create} /> : null}
      {alerts.data?.length ? (
        <AlertList
          alerts={alerts.data}
          webhooks={webhooks.data ?? []}
          canWrite={canWrite}
          onEdit={(alert) => setEditing({ alert })}
          onDelete={setDeleting}
          onShowDeliveries={setShowingDeliveries}
        />
      ) : null}
      {editing ? (
        <AlertFormDialog alert={editing.alert} canRegisterWebhook={canWriteWebhooks} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? <DeleteAlertDialog alert={deleting} onClose={() => setDeleting(null)} /> : null}
      {showingDeliveries ? (
        <AlertDeliveriesDialog
          alert={showingDeliveries}
          canSendTest={canWrite}
          canRedeliver={canWriteWebhooks}
          onClose={() => setShowingDeliveries(null)}
        />
      ) : null}
    </Box>
  );
}
