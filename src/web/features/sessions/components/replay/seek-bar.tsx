import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import { formatClock } from '../../lib/replay-clock.ts';
import type { Tone } from '../../lib/timeline-events.ts';

export interface SeekMark {
  id: string;
  offset: number;
  label: string;
  tone: Tone;
}

const TONE_COLOR: Record<Tone, string> = {
  default: 'text.secondary',
  info: 'info.main',
  warning: 'warning.main',
  error: 'error.main',
  success: 'success.main',
};

/** The playhead over the whole recording, with page views, clicks, rage clicks and errors marked above it. */
export function SeekBar(props: { value: number; total: number; marks: SeekMark[]; onSeek: (offset: number) => void }) {
  const total = Math.max(1, props.total);
  return (
    <Box sx={{ position: 'relative', pt: 1.5, px: 1 }}>
      {/* The marks are for the eye and the pointer: the events list beside the player names the same
          moments and seeks to them from the keyboard. */}
      <Box aria-hidden sx={{ position: 'absolute', top: 0, left: 8, right: 8, height: 10 }}>
        {props.marks.map((mark) => (
          <Tooltip key={mark.id} title={`${formatClock(mark.offset)} ${mark.label}`}>
            <Box
              component="span"
              onClick={() => props.onSeek(mark.offset)}
              sx={{
                position: 'absolute',
                left: `${(Math.min(mark.offset, total) / total) * 100}%`,
                width: 3,
                height: 10,
                bgcolor: TONE_COLOR[mark.tone],
                cursor: 'pointer',
                borderRadius: 1,
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Slider
        aria-label="Position in the recording"
        size="small"
        min={0}
        max={total}
        step={100}
        value={Math.min(props.value, total)}
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => formatClock(value)}
        getAriaValueText={(value) => formatClock(value)}
        onChange={(_event, value) => props.onSeek(value as number)}
      />
    </Box>
  );
}
