import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionEvent, SessionRecording } from '../../lib/replay-types.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { offsetOfServerTime, serverTimeOfOffset } from '../../lib/replay-clock.ts';
import { replayedUrlAt } from '../../lib/replayed-url.ts';
import { SEEK_BAR_KINDS, kindInfo, toneOf } from '../../lib/timeline-events.ts';
import { ReplayControls } from './replay-controls.tsx';
import { SeekBar } from './seek-bar.tsx';
import { useReplayer } from './use-replayer.ts';

export interface SessionReplayProps {
  recording: SessionRecording;
  events: SessionEvent[];
  startAtServerTime: number | null;
  /** Called with the playhead on the events' clock (Unix ms) as it moves. */
  onTime: (serverTimeMs: number) => void;
  /** Filled with a function that moves the playhead to a time on the events' clock. */
  seekRef: React.RefObject<((serverTimeMs: number) => void) | null>;
  onShare: (serverTimeMs: number) => void;
}

const STEP_MS = 5000;

/** The player: the replayed page in rrweb's sandboxed frame, its URL above, controls and marks below. */
export function SessionReplay(props: SessionReplayProps) {
  const { mountRef, status, error, clock, total, offset, playing, frames, play, pause, seek, ...config } = useReplayer(
    props.recording,
    props.startAtServerTime,
  );
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [speed, setSpeed] = useState(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const { onTime, seekRef } = props;

  useEffect(() => {
    if (clock) onTime(serverTimeOfOffset(clock, offset));
  }, [clock, offset, onTime]);
  useEffect(() => {
    seekRef.current = (serverTimeMs) => {
      if (clock) seek(offsetOfServerTime(clock, serverTimeMs));
    };
  }, [seekRef, clock, seek]);

  const marks = useMemo(
    () =>
      clock
        ? props.events
            .filter((event) => SEEK_BAR_KINDS.has(event.kind))
            .map((event) => ({
              id: event.id,
              offset: offsetOfServerTime(clock, event.time),
              label: kindInfo(event.kind).label,
              tone: toneOf(event),
            }))
        : [],
    [clock, props.events],
  );
  const currentUrl = useMemo(
    () => replayedUrlAt(frames, props.events, clock, offset),
    [frames, props.events, clock, offset],
  );

  const toggle = () => (playing ? pause() : play());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === ' ') toggle();
    else if (event.key === 'ArrowRight') seek(Math.min(total, offset + STEP_MS));
    else if (event.key === 'ArrowLeft') seek(Math.max(0, offset - STEP_MS));
    else return;
    event.preventDefault();
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1 }}
      ref={frameRef}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Session replay"
      role="region"
    >
      <Typography
        variant="body2"
        color="text.secondary"
        noWrap
        title={currentUrl}
        aria-label="Replayed page address"
        sx={{ px: 1, pb: 0.5 }}
      >
        {currentUrl || ' '}
      </Typography>
      {status === 'loading' && <LinearProgress aria-label="Loading the recording" />}
      {status === 'error' && <ApiErrorAlert error={error} title="The recording could not be loaded" />}
      <Box sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'action.hover', minHeight: 120 }}>
        <Box ref={mountRef} sx={{ position: 'relative', '& iframe': { border: 0, bgcolor: 'common.white' } }} />
      </Box>
      {status === 'ready' && total === 0 && <Alert severity="info">The recording holds a single moment.</Alert>}
      <SeekBar value={offset} total={total} marks={marks} onSeek={seek} />
      <ReplayControls
        playing={playing}
        offset={offset}
        total={total}
        speed={speed}
        skipInactive={skipInactive}
        onTogglePlay={toggle}
        onSpeed={(value) => {
          setSpeed(value);
          config.setSpeed(value);
        }}
        onSkipInactive={(value) => {
          setSkipInactive(value);
          config.setSkipInactive(value);
        }}
        onFullscreen={() => void frameRef.current?.requestFullscreen?.()}
        onShare={() => clock && props.onShare(serverTimeOfOffset(clock, offset))}
      />
    </Paper>
  );
}
