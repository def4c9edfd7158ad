import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useChangePasswordMutation } from '../api/use-change-password-mutation.ts';

const schema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: z.string().min(12, 'At least 12 characters; a long passphrase is best').max(256),
    repeated: z.string(),
  })
  .refine((values) => values.repeated === values.new_password, {
    path: ['repeated'],
    message: 'Type the same new password twice',
  });
type Values = z.infer<typeof schema>;

/** The signed-in person changes their own password; their other browsers are signed out. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useChangePasswordMutation();
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', new_password: '', repeated: '' },
  });
  const onSubmit = handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { body: { current_password, new_password } },
      {
        onError: (error) =>
          setUnplaced(applyServerError(error, setError, ['current_password', 'new_password']) ? null : error),
      },
    ),
  );
  const field = (name: keyof Values, label: string, autoComplete: string) => ({
    ...register(name),
    label,
    type: 'password',
    autoComplete,
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name]?.message,
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="change-password-title" fullWidth maxWidth="xs">
      <DialogTitle id="change-password-title">Change your password</DialogTitle>
      {change.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success">
              Your password is changed.
              {change.data.other_sessions_signed_out > 0 ? ' You were signed out on your other browsers.' : ''}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Done</Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <DialogContent>
            <Stack sx={{ gap: 2 }}>
              {unplaced ? <ApiErrorAlert error={unplaced} title="The password could not be changed" /> : null}
              <TextField {...field('current_password', 'Current password', 'current-password')} autoFocus />
              <TextField {...field('new_password', 'New password', 'new-password')} />
              <TextField {...field('repeated', 'New password again', 'new-password')} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" loading={change.isPending}>
              Change password
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
