import Alert from '@mui/material/Alert';
import type { SessionRecording } from '../lib/replay-types.ts';

const REASONS: Record<SessionRecording['status'], string> = {
  recorded: '',
  recording_off: 'Recording is switched off for this website, so this session has no replay. Its events are below.',
  expired: 'The replay of this session has expired and was deleted. Its events are below while they are kept.',
  not_recorded:
    'This session has no replay: it was not among the sessions sampled for recording, the browser asked not to be tracked (Global Privacy Control), or it was recorded before replays existed.',
};

/** Says why a session has no replay. */
export function NoReplayNotice(props: { status: SessionRecording['status'] }) {
  return (
    <Alert severity="info" aria-label="No replay">
      {REASONS[props.status] || 'This session has no replay.'}
    </Alert>
  );
}
