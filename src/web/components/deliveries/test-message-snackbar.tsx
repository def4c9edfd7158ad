import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { ApiErrorAlert } from '../feedback/api-error-alert.tsx';

interface TestMessageSnackbarProps {
  /** The id of the queued test message, once the server accepted it. */
  queuedId: string | undefined;
  error: unknown;
  onClose: () => void;
}

/** Confirms a queued test message with its id (the `webhook-id` receivers see), or says why it was refused. */
export function TestMessageSnackbar({ queuedId, error, onClose }: TestMessageSnackbarProps) {
  if (queuedId === undefined && !error) return null;
  return (
    <Snackbar
      open
      autoHideDuration={queuedId === undefined ? null : 6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      {queuedId === undefined ? (
        <div>
          <ApiErrorAlert error={error} title="The test message could not be sent" onClose={onClose} />
        </div>
      ) : (
        <Alert severity="success" role="status" onClose={onClose}>
          Test message queued
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            Message id <code>{queuedId}</code>
          </Box>
        </Alert>
      )}
    </Snackbar>
  );
}
