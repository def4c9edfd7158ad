import KeyIcon from '@mui/icons-material/Key';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { IsoDateTime } from '../../../../components/data-display/iso-date-time.tsx';
import { CopyButton } from '../../../../components/feedback/copy-button.tsx';
import { useWebhookSecretQuery } from '../../api/use-webhook-secret-query.ts';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';

/** The webhook's signing secret, for admins: hidden until asked for, then copyable and rotatable. */
export function WebhookSecret({ webhookId }: { webhookId: string }) {
  const [revealed, setRevealed] = useState(false);
  const [rotating, setRotating] = useState(false);
  /** Unix seconds until which the secret replaced by a rotation here still signs; null before any. */
  const [rotatedUntil, setRotatedUntil] = useState<number | null>(null);
  const secret = useWebhookSecretQuery(webhookId, revealed);
  const shown = revealed && secret.data ? secret.data.secret : null;

  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" id={`secret-${webhookId}`}>
        Signing secret
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Box
          component="code"
          aria-labelledby={`secret-${webhookId}`}
          sx={{
            fontFamily: 'monospace',
            overflowWrap: 'anywhere',
            minWidth: 0,
            flex: { xs: '1 1 100%', sm: '0 1 auto' },
          }}
        >
          {shown ?? 'whsec_••••••••••••••••'}
        </Box>
        {revealed && secret.isFetching ? <CircularProgress size={18} aria-label="Loading the signing secret" /> : null}
        {shown ? <CopyButton value={shown} label="Copy signing secret" /> : null}
        <Button
          size="small"
          startIcon={revealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
          onClick={() => {
            setRevealed(!revealed);
            setRotatedUntil(null);
          }}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button size="small" startIcon={<KeyIcon />} onClick={() => setRotating(true)}>
          Rotate
        </Button>
      </Stack>
      {revealed && secret.isError ? <ApiErrorAlert error={secret.error} title="The secret could not be shown" /> : null}
      {rotatedUntil !== null && shown ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          The secret was rotated and the new one is shown above. The previous one also signs deliveries until{' '}
          <IsoDateTime iso={new Date(rotatedUntil * 1000).toISOString()} />: update every receiver before then.
        </Alert>
      ) : null}
      {rotating ? (
        <RotateSecretDialog
          webhookId={webhookId}
          onClose={() => setRotating(false)}
          onRotated={(previousExpiresAt) => {
            setRotating(false);
            setRevealed(true);
            setRotatedUntil(previousExpiresAt);
          }}
        />
      ) : null}
    </Box>
  );
}
