import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** Catches anything a page throws while rendering, so one broken region never blanks the app. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <ApiErrorAlert error={error} title="This page could not be shown" />
      <Button sx={{ mt: 2 }} variant="outlined" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
