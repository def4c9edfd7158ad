import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Alert, Webhook } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { formatDateMinute } from '../../../../lib/locale.ts';
import { useToggleAlertMutation } from '../../api/use-toggle-alert-mutation.ts';
import { describeAlert } from '../../lib/alert-rules.ts';
import { AlertEnabledSwitch } from './alert-enabled-switch.tsx';
import { AlertRecentMatches } from './alert-recent-matches.tsx';
import { AlertTargetStatus } from './alert-target-status.tsx';
import { SendAlertTestButton } from './send-alert-test-button.tsx';

interface AlertCardProps {
  alert: Alert;
  webhooks: readonly Webhook[];
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShowDeliveries: () => void;
}

/** One alert as a sentence people can read: what triggers it, where it goes, and whether that works. */
export function AlertCard({ alert, webhooks, canWrite, onEdit, onDelete, onShowDeliveries }: AlertCardProps) {
  const toggle = useToggleAlertMutation();
  return (
    <Card component="li" variant="outlined" aria-label={alert.name} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {alert.name}
          </Typography>
          <AlertEnabledSwitch
            alert={alert}
            disabled={!canWrite}
            onChange={(enabled) => toggle.mutate({ path: { id: alert.alert_id }, body: { enabled } })}
          />
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {describeAlert(alert, webhooks)}
        </Typography>
        <AlertTargetStatus alert={alert} />
        <AlertRecentMatches alert={alert} />
        {toggle.isError ? (
          <ApiErrorAlert
            error={toggle.error}
            title={`The alert could not be switched ${toggle.variables.body.enabled ? 'on' : 'off'}`}
          />
        ) : null}
      </CardContent>
      <CardActions sx={{ pt: 0, px: 2, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          Created <time dateTime={alert.creation_date}>{formatDateMinute(new Date(alert.creation_date))}</time>
        </Typography>
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          onClick={onShowDeliveries}
          aria-label={`Deliveries of ${alert.name}`}
        >
          Deliveries
        </Button>
        {canWrite ? (
          <>
            <SendAlertTestButton alert={alert} />
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`Edit ${alert.name}`}>
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={onDelete}
              aria-label={`Delete ${alert.name}`}
            >
              Delete
            </Button>
          </>
        ) : null}
      </CardActions>
    </Card>
  );
}
