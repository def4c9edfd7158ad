import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { TimeAgo } from '../../../../components/data-display/time-ago.tsx';
import { ChatNotConfigured, useChatNotConfigured } from './chat-not-configured.tsx';

/**
 * When the alert last fired, and whether its target can be reached now, said in words, not color alone.
 * Both come from the server (`target_healthy` follows the webhook's own health); a chat alert on a server
 * without chat says why instead.
 */
export function AlertTargetStatus({ alert }: { alert: Alert }) {
  const chat = useChatNotConfigured();
  const chatMissing = alert.provider === 'chat' && chat.notConfigured;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, mt: 1 }}>
      {alert.target_healthy === undefined || chatMissing ? null : (
        <Chip
          size="small"
          variant="outlined"
          color={alert.target_healthy ? 'success' : 'error'}
          icon={alert.target_healthy ? <CheckCircleOutlinedIcon /> : <ErrorOutlineOutlinedIcon />}
          label={alert.target_healthy ? 'Target healthy' : 'Target failing'}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {alert.last_fired_at ? (
          <>
            Last fired <TimeAgo iso={alert.last_fired_at} />
          </>
        ) : (
          'Never fired'
        )}
      </Typography>
      {chatMissing ? (
        <Stack sx={{ flexBasis: '100%' }}>
          <ChatNotConfigured compact />
        </Stack>
      ) : null}
      {alert.flagged_reason ? (
        <Typography variant="body2" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
          {alert.flagged_reason}
        </Typography>
      ) : null}
    </Stack>
  );
}
