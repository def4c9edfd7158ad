import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** For people whose role cannot read alerts (support): the page says so instead of failing. */
export function AlertsNoAccess() {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Alert severity="info" icon={<LockOutlinedIcon />}>
        <AlertTitle>You don’t have access to alerts</AlertTitle>
        Your role can’t view alerts. Ask an admin of your account if you need them.
      </Alert>
    </Box>
  );
}
