import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { zLoginBody } from '../../../../api/client/zod.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { useLoginMutation } from '../api/use-login-mutation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const loginSchema = zLoginBody.extend({
  email: z.email('Enter your e-mail address'),
  password: z.string().min(1, 'Enter your password'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** Only same-app paths are followed after sign-in, so a crafted link cannot send people elsewhere. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/sessions';
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const queryClient = useQueryClient();
  // Whatever the last person saw goes once the signed-in pages are gone: clearing earlier, while they were
  // still on screen, made them ask the server again and get 401s.
  useEffect(() => queryClient.clear(), [queryClient]);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = handleSubmit((values) => {
    login.mutate({ body: values }, { onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }) });
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
          Sign in to Session Analytics
        </Typography>
        {login.isError ? <ApiErrorAlert error={login.error} title="Sign-in failed" /> : null}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          Sign in
        </Button>
      </Paper>
    </Box>
  );
}
