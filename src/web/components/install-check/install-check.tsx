import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Website } from '../../../api/client/types.gen.ts';
import { formatDateSecond } from '../../lib/locale.ts';
import { ApiErrorAlert } from '../feedback/api-error-alert.tsx';
import { SnippetField } from './snippet-field.tsx';
import { useFirstSessionsQuery } from './use-first-sessions-query.ts';

interface InstallCheckProps {
  website: Website;
  /** Shown once sessions arrive, e.g. a button that shows them in the full list. */
  onReceiving?: ReactNode;
  intervalMs?: number;
}

/**
 * How to install the tracker on a website, and a live check that it works: it waits for the first session
 * and then shows the ones received.
 */
export function InstallCheck({ website, onReceiving, intervalMs }: InstallCheckProps) {
  const sessions = useFirstSessionsQuery(website.website_id, intervalMs);
  const received = sessions.data?.sessions ?? [];
  return (
    <Stack sx={{ gap: 2, textAlign: 'left' }}>
      {website.snippet ? (
        <SnippetField website={website} snippet={website.snippet} />
      ) : (
        <Typography color="text.secondary">Ask an admin for the tracker snippet of {website.host}.</Typography>
      )}
      {sessions.isError ? <ApiErrorAlert error={sessions.error} title="The install check could not ask" /> : null}
      <Box role="status" aria-live="polite">
        {received.length === 0 ? (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} aria-hidden />
            <Typography>Waiting for the first event from {website.host}…</Typography>
          </Stack>
        ) : (
          <Alert icon={<CheckCircleIcon />} severity="success" action={onReceiving}>
            Receiving events from {website.host}
          </Alert>
        )}
      </Box>
      {received.length > 0 ? (
        <List dense aria-label={`First sessions on ${website.host}`}>
          {received.map((session) => (
            <ListItem key={session.id} disableGutters>
              <ListItemText
                primary={session.start_url}
                secondary={formatDateSecond(new Date(session.creation_timestamp * 1000))}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
