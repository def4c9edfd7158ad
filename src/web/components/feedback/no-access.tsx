import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page the person's role cannot read: its heading and one calm sentence, and no request that would fail. */
export function NoAccess({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Alert severity="info" icon={<LockOutlinedIcon />}>
        <AlertTitle>You don’t have access to {title.toLowerCase()}</AlertTitle>
        {children}
      </Alert>
    </Box>
  );
}
