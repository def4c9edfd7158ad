import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { AlertForm } from './alert-form.tsx';

interface AlertFormDialogProps {
  /** The alert to edit; without one the dialog creates an alert. */
  alert?: Alert;
  canRegisterWebhook: boolean;
  onClose: () => void;
}

/** The alert form in a dialog, full screen on phones. Mount it to open it; unmounting discards the draft. */
export function AlertFormDialog({ alert, canRegisterWebhook, onClose }: AlertFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="alert-form-title">
      <DialogTitle id="alert-form-title">{alert ? `Edit “${alert.name}”` : 'Create an alert'}</DialogTitle>
      <AlertForm alert={alert} canRegisterWebhook={canRegisterWebhook} onSaved={onClose} onCancel={onClose} />
    </Dialog>
  );
}
