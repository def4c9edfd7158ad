import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, useLocation } from 'react-router';
import { AppShell } from './layout/app-shell.tsx';
import { ApiErrorAlert } from '../components/feedback/api-error-alert.tsx';
import { isUnauthenticated } from '../lib/query-client.ts';
import { useMeQuery } from '../lib/api/me-query.ts';

/** The signed-in part of the app: people who are not signed in are sent to the sign-in page and back. */
export function RequireAuth() {
  const me = useMeQuery();
  const location = useLocation();
  if (me.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (me.isError) {
    if (isUnauthenticated(me.error)) {
      return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    }
    return (
      <Box sx={{ p: 3 }}>
        <ApiErrorAlert error={me.error} title="The app could not start" />
      </Box>
    );
  }
  return <AppShell me={me.data} />;
}
