import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { IsoDateTime } from '../../../../components/data-display/iso-date-time.tsx';

function HealthLine({ icon, children }: { icon: ReactElement; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
      {icon}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function Since({ seconds }: { seconds: number | null | undefined }) {
  return seconds ? (
    <>
      {' '}
      since <IsoDateTime iso={new Date(seconds * 1000).toISOString()} />
    </>
  ) : null;
}

/**
 * Whether messages reach the webhook, as the server's `health` says: its alerts show their target as
 * failing exactly when this says failing or disabled.
 */
export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  switch (webhook.health) {
    case 'disabled':
      return (
        <HealthLine icon={<ErrorOutlineOutlinedIcon color="error" fontSize="small" />}>
          {webhook.disabled_reason ? `Disabled: ${webhook.disabled_reason}` : 'Switched off: its alerts send nothing'}
        </HealthLine>
      );
    case 'failing':
      return (
        <HealthLine icon={<WarningAmberIcon color="error" fontSize="small" />}>
          Failing
          <Since seconds={webhook.failing_since} />
        </HealthLine>
      );
    case 'retrying':
      return (
        <HealthLine icon={<SyncProblemIcon color="warning" fontSize="small" />}>
          Retrying
          <Since seconds={webhook.failing_since} />: recent deliveries did not go through
        </HealthLine>
      );
    case 'no_deliveries':
      return <HealthLine icon={<HourglassEmptyIcon color="action" fontSize="small" />}>No deliveries yet</HealthLine>;
    case 'succeeding':
      return (
        <HealthLine icon={<CheckCircleOutlinedIcon color="success" fontSize="small" />}>
          Deliveries succeeding
        </HealthLine>
      );
    default:
      return null;
  }
}
