import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

interface ShownOnceDialogProps {
  title: string;
  /** What the value is, e.g. "API token"; names the copy button and the value for screen readers. */
  label: string;
  value: string;
  /** Says plainly that the value cannot be seen again. */
  warning: string;
  children?: ReactNode;
  onClose: () => void;
}

/**
 * Shows a secret the server returns only once (a new token, a generated password). A click outside does not
 * close it, so nobody loses the value by accident; only the button that says they are done does.
 */
export function ShownOnceDialog({ title, label, value, warning, children, onClose }: ShownOnceDialogProps) {
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="shown-once-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="shown-once-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{warning}</Alert>
        {children}
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1, bgcolor: 'action.hover', borderRadius: 1, pl: 1.5, pr: 0.5, py: 0.5 }}
        >
          <Box
            component="code"
            aria-label={label}
            sx={{
              flex: 1,
              minWidth: 0,
              fontFamily: 'monospace',
              fontSize: '0.95rem',
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {value}
          </Box>
          <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Keep it somewhere safe, such as a password manager or your deployment&apos;s secret store.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
