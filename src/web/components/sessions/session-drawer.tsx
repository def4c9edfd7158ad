import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Session } from '../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../feedback/api-error-alert.tsx';
import { SessionDetails } from './session-details.tsx';
import { formatTimestamp } from './session-format.ts';

interface SessionDrawerProps {
  open: boolean;
  session: Session | undefined;
  error: unknown;
  timeZone: string;
  onClose: () => void;
}

/** A session's details beside the list: from the right, the whole width on phones. Escape closes it. */
export function SessionDrawer({ open, session, error, timeZone, onClose }: SessionDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      // Short slide: the record is usually loaded before the click (hover prefetch); a long slide would be the wait.
      transitionDuration={{ enter: 120, exit: 100 }}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'session-drawer-title',
          sx: { width: { xs: '100%', sm: 560 } },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 2,
          pb: 1,
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="session-drawer-title">
            Session details
          </Typography>
          {session ? (
            <Typography variant="body2" color="text.secondary">
              {formatTimestamp(session.creation_timestamp, timeZone)} ({timeZone})
            </Typography>
          ) : null}
        </Box>
        <IconButton onClick={onClose} aria-label="Close session details">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 3 }}>
        {session ? (
          <SessionDetails session={session} timeZone={timeZone} headingLevel={3} showSessionPageLink />
        ) : error ? (
          <ApiErrorAlert error={error} title="This session could not be loaded" />
        ) : (
          <Box aria-busy="true" aria-label="Loading session">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} height={32} />
            ))}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
