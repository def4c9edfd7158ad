import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
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

/** Whether messages reach the webhook: switched off by the server, failing, or fine. Nothing while switched off by hand. */
export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  if (webhook.disabled_reason) {
    return (
      <HealthLine icon={<ErrorOutlineOutlinedIcon color="error" fontSize="small" />}>
        Disabled: {webhook.disabled_reason}
      </HealthLine>
    );
  }
  if (webhook.failing_since) {
    return (
      <HealthLine icon={<WarningAmberIcon color="warning" fontSize="small" />}>
        Failing since <IsoDateTime iso={new Date(webhook.failing_since * 1000).toISOString()} />
      </HealthLine>
    );
  }
  if (!webhook.enabled) return null;
  return (
    <HealthLine icon={<CheckCircleOutlinedIcon color="success" fontSize="small" />}>Deliveries succeeding</HealthLine>
  );
}
