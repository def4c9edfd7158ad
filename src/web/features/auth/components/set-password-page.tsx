import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useSetPasswordMutation } from '../api/use-set-password-mutation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const schema = z
  .object({
    new_password: z.string().min(12, 'At least 12 characters; a long passphrase is best').max(256),
    repeated: z.string(),
  })
  .refine((values) => values.repeated === values.new_password, {
    path: ['repeated'],
    message: 'Type the same password twice',
  });
type Values = z.infer<typeof schema>;

/** The link's secret is in the fragment (`#token=…`), which browsers never send to a server. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Where a one-time link from an admin lands: the person chooses a password and is signed in. */
export function SetPasswordPage() {
  useDocumentTitle('Set your password');
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  // The secret leaves the address bar once read, so it does not linger in history or a shared screen.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const setPassword = useSetPasswordMutation();
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { new_password: '', repeated: '' },
  });
  const onSubmit = handleSubmit(({ new_password }) => {
    setUnplaced(null);
    setPassword.mutate(
      { body: { token, new_password } },
      {
        onSuccess: () => navigate('/sessions', { replace: true }),
        onError: (error) => setUnplaced(applyServerError(error, setError, ['new_password']) ? null : error),
      },
    );
  });
  const field = (name: keyof Values, label: string) => ({
    ...register(name),
    label,
    type: 'password',
    autoComplete: 'new-password',
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name]?.message,
  });

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper
        component="form"
        onSubmit={onSubmit}
        noValidate
        sx={{ p: 4, width: '100%', maxWidth: 400, display: 'grid', gap: 2 }}
      >
        <Typography variant="h5" component="h1">
          Choose your password
        </Typography>
        {token ? (
          <>
            <Typography color="text.secondary">
              This link works once. After this you sign in with your e-mail address and this password.
            </Typography>
            {unplaced ? <ApiErrorAlert error={unplaced} title="The password could not be set" /> : null}
            <TextField {...field('new_password', 'New password')} autoFocus />
            <TextField {...field('repeated', 'New password again')} />
            <Button type="submit" variant="contained" size="large" loading={setPassword.isPending}>
              Set password and sign in
            </Button>
          </>
        ) : (
          <Typography role="alert">
            This page needs the whole link an admin gave you, including the part after “#”. Ask them for a new link if
            you no longer have it.
          </Typography>
        )}
        <Link component={RouterLink} to="/login">
          Sign in with a password instead
        </Link>
      </Paper>
    </Box>
  );
}
