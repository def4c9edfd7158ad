import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { SessionEvent } from '../lib/replay-types.ts';
import { formatClock } from '../lib/replay-clock.ts';
import { describeEvent, kindInfo, toneOf } from '../lib/timeline-events.ts';

/** One event of the timeline: its time in the session, kind, summary, and the stack of an error. */
export function TimelineRow(props: {
  event: SessionEvent;
  sessionStartMs: number;
  current: boolean;
  onSelect: (event: SessionEvent) => void;
}) {
  const { event } = props;
  const tone = toneOf(event);
  const stack = typeof event.details.stack === 'string' ? event.details.stack : '';
  const properties = event.kind === 26 && event.details.properties ? JSON.stringify(event.details.properties) : '';
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={props.current}
        aria-current={props.current ? 'true' : undefined}
        onClick={() => props.onSelect(event)}
        sx={{ alignItems: 'flex-start', gap: 1, py: 0.5 }}
      >
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ minWidth: 44, pt: 0.5, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(event.time - props.sessionStartMs)}
        </Typography>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Chip
            size="small"
            label={kindInfo(event.kind).label}
            color={tone === 'default' ? 'default' : tone}
            variant="outlined"
            // The kind's colour is the outline's; the text stays the body's, readable on a chosen row's tint.
            sx={{ mr: 1, color: 'text.primary' }}
          />
          <Typography component="span" variant="body2" sx={{ wordBreak: 'break-word' }}>
            {describeEvent(event)}
          </Typography>
          {properties && (
            <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {properties}
            </Typography>
          )}
          {stack && (
            <Typography
              variant="caption"
              component="pre"
              color="text.secondary"
              sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}
            >
              {stack}
            </Typography>
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
