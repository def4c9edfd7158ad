import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { BackToSessionsButton } from '../../../components/sessions/back-to-sessions-button.tsx';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { SessionDetails } from '../../../components/sessions/session-details.tsx';
import { formatTimestamp } from '../../../components/sessions/session-format.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSessionQuery } from '../../../components/sessions/use-session-query.ts';
import { useSessionRecordingQuery } from '../api/use-session-recording-query.ts';
import { SessionReplaySection } from './session-replay-section.tsx';
import { useAddressTimeZone } from '../../../lib/use-address-time-zone.ts';
import { RefusedTimeZoneAlert } from '../../../components/feedback/refused-time-zone-alert.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** One session on its own page: where `session_url` links, and what people share. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const { timeZone, refused } = useAddressTimeZone();
  const session = useSessionQuery(sessionId);
  // Asked for beside the session rather than after it: the replay's first frame waits on both.
  useSessionRecordingQuery(sessionId);
  const visitor = session.data?.visitor;
  useDocumentTitle(visitor ? `Session of ${visitor.name || visitor.email || 'an anonymous visitor'}` : 'Session');

  return (
    <Box sx={{ maxWidth: 1600 }}>
      <BackToSessionsButton />
      <Typography variant="h4" component="h1">
        Session
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {session.data
          ? `${formatTimestamp(session.data.creation_timestamp, timeZone)} · ${session.data.visitor.name || session.data.visitor.email || 'Anonymous visitor'} · times in ${timeZone}`
          : `Session id ${sessionId}`}
      </Typography>
      <RefusedTimeZoneAlert refused={refused} timeZone={timeZone} />
      {session.isPending ? (
        <Box aria-busy="true" aria-label="Loading session">
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} height={32} />
          ))}
        </Box>
      ) : session.isError ? (
        session.error instanceof ApiError && session.error.status === 404 ? (
          <Alert severity="warning">
            There is no session with id <code>{sessionId}</code>. The link may be mistyped, or the recording may have
            expired.
          </Alert>
        ) : (
          <ApiErrorAlert error={session.error} title="This session could not be loaded" />
        )
      ) : (
        <>
          <SessionReplaySection session={session.data} />
          <Box sx={{ maxWidth: 1100 }}>
            <SessionDetails session={session.data} timeZone={timeZone} headingLevel={2} />
          </Box>
        </>
      )}
    </Box>
  );
}
