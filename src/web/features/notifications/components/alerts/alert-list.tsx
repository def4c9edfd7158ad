import Stack from '@mui/material/Stack';
import type { Alert, Webhook } from '../../../../../api/client/types.gen.ts';
import { AlertCard } from './alert-card.tsx';

interface AlertListProps {
  alerts: readonly Alert[];
  webhooks: readonly Webhook[];
  canWrite: boolean;
  onEdit: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
  onShowDeliveries: (alert: Alert) => void;
}

export function AlertList({ alerts, webhooks, canWrite, onEdit, onDelete, onShowDeliveries }: AlertListProps) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Alerts" sx={{ p: 0, m: 0 }}>
      {alerts.map((alert) => (
        <AlertCard
          key={alert.alert_id}
          alert={alert}
          webhooks={webhooks}
          canWrite={canWrite}
          onEdit={() => onEdit(alert)}
          onDelete={() => onDelete(alert)}
          onShowDeliveries={() => onShowDeliveries(alert)}
        />
      ))}
    </Stack>
  );
}
