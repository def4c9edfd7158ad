import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { toApiError } from '../../../lib/api-error.ts';

const MAX_NAME = 100;

export interface ViewFormValues {
  name: string;
  shared: boolean;
}

interface ViewFormDialogProps {
  title: string;
  submitLabel: string;
  initial: ViewFormValues;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ViewFormValues) => void;
  onClose: () => void;
}

/** Names a view and says who sees it: only its owner, or everyone in the account. */
export function ViewFormDialog({
  title,
  submitLabel,
  initial,
  pending,
  error,
  onSubmit,
  onClose,
}: ViewFormDialogProps) {
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.shared);
  const [nameError, setNameError] = useState('');
  const [submitted, setSubmitted] = useState('');
  const titleId = useId();
  // The server's word on the name (taken by another view, say) is shown by the name, until it changes.
  const refused = error == null ? null : toApiError(error);
  const aboutName = refused?.param === 'name';
  const serverNameError = aboutName && name.trim() === submitted ? (refused?.message ?? '') : '';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return setNameError('Give the view a name.');
          if (trimmed.length > MAX_NAME) return setNameError(`At most ${MAX_NAME} characters.`);
          setSubmitted(trimmed);
          onSubmit({ name: trimmed, shared });
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError('');
            }}
            error={nameError !== '' || serverNameError !== ''}
            helperText={nameError || serverNameError || ' '}
            autoFocus
            required
            fullWidth
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />}
            label="Share with everyone in the account"
          />
          {shared ? (
            <Alert severity="info" variant="outlined">
              Colleagues see it in their navigation; only you can rename or delete it.
            </Alert>
          ) : null}
          {error != null && !aboutName ? <ApiErrorAlert error={error} title="The view could not be saved" /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
