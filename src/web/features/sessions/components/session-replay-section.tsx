import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Session } from '../../../../api/client/types.gen.ts';
import type { SessionEvent } from '../lib/replay-types.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { useSessionEventsQuery } from '../api/use-session-events-query.ts';
import { useSessionRecordingQuery } from '../api/use-session-recording-query.ts';
import { serverTimeOfShareParam, shareParamOfServerTime } from '../lib/replay-clock.ts';
import { NoReplayNotice } from './no-replay-notice.tsx';
import { SessionTimeline } from './session-timeline.tsx';

// rrweb's player is its own chunk, loaded only when a session with a replay is opened (the route's loader
// starts it as soon as the recording is known to exist).
const SessionReplay = lazy(async () => ({ default: (await import('./replay/session-replay.tsx')).SessionReplay }));

/** The replay beside the timeline of everything the visitor did; without a replay, the timeline and why. */
export function SessionReplaySection(props: { session: Session }) {
  const { session } = props;
  const [params, setParams] = useSearchParams();
  const recording = useSessionRecordingQuery(session.id);
  const events = useSessionEventsQuery(session.id);
  const [currentTime, setCurrentTime] = useState<number | null>(null);
  const [shared, setShared] = useState(false);
  const seekRef = useRef<((serverTimeMs: number) => void) | null>(null);
  const [startAt] = useState(() => serverTimeOfShareParam(session.creation_timestamp, params.get('t')));

  const onShare = useCallback(
    (serverTimeMs: number) => {
      const t = shareParamOfServerTime(session.creation_timestamp, serverTimeMs);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('t', t);
          return next;
        },
        { replace: true },
      );
      const url = new URL(window.location.href);
      url.searchParams.set('t', t);
      void navigator.clipboard?.writeText(url.href).then(
        () => setShared(true),
        () => setShared(true),
      );
    },
    [session.creation_timestamp, setParams],
  );
  const onSelect = useCallback((event: SessionEvent) => seekRef.current?.(event.time), []);
  const hasReplay = recording.data?.has_recording === true;
  const allEvents = useMemo(() => events.data?.pages.flatMap((page) => page.events) ?? [], [events.data]);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' },
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {recording.isPending ? (
          <Skeleton variant="rectangular" height={360} aria-label="Loading the replay" />
        ) : recording.isError ? (
          <ApiErrorAlert error={recording.error} title="The replay could not be loaded" />
        ) : hasReplay ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={360} aria-label="Loading the player" />}>
            <SessionReplay
              recording={recording.data}
              events={allEvents}
              startAtServerTime={startAt}
              onTime={setCurrentTime}
              seekRef={seekRef}
              onShare={onShare}
            />
          </Suspense>
        ) : (
          <NoReplayNotice status={recording.data.status} />
        )}
      </Box>
      {events.isError ? (
        <ApiErrorAlert error={events.error} title="The events could not be loaded" />
      ) : (
        <SessionTimeline
          events={allEvents}
          loading={events.isPending || events.hasNextPage}
          sessionStartMs={session.creation_timestamp * 1000}
          currentTime={hasReplay ? currentTime : null}
          onSelect={onSelect}
        />
      )}
      <Snackbar
        open={shared}
        autoHideDuration={3000}
        onClose={() => setShared(false)}
        message="Link to this moment copied"
      />
    </Box>
  );
}
