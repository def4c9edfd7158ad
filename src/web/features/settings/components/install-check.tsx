import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { Website } from '../../../../api/client/types.gen.ts';
import { formatDateSecond } from '../../../lib/locale.ts';

/** Whether the tracker is installed: the website list is polled until a first event arrives (see `usePolledWebsitesQuery`). */
export function InstallCheck({ website }: { website: Website }) {
  const last = website.last_event_at;
  return (
    <Stack direction="row" role="status" sx={{ alignItems: 'center', gap: 1 }}>
      {last === null || last === undefined ? (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">Waiting for the first event…</Typography>
        </>
      ) : (
        <>
          <CheckCircleIcon fontSize="small" color="success" aria-hidden />
          <Typography variant="body2">
            Receiving events · last event {formatDateSecond(new Date(last * 1000))}
          </Typography>
        </>
      )}
    </Stack>
  );
}
