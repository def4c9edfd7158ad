import FullscreenIcon from '@mui/icons-material/Fullscreen';
import LinkIcon from '@mui/icons-material/Link';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatClock } from '../../lib/replay-clock.ts';

export const SPEEDS = [1, 2, 4, 8] as const;

export interface ReplayControlsProps {
  playing: boolean;
  offset: number;
  total: number;
  speed: number;
  skipInactive: boolean;
  onTogglePlay: () => void;
  onSpeed: (speed: number) => void;
  onSkipInactive: (skip: boolean) => void;
  onFullscreen: () => void;
  onShare: () => void;
}

export function ReplayControls(props: ReplayControlsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <IconButton aria-label={props.playing ? 'Pause' : 'Play'} onClick={props.onTogglePlay}>
        {props.playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 100 }}>
        {formatClock(props.offset)} / {formatClock(props.total)}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Speed"
        value={props.speed}
        onChange={(_event, value: number | null) => value !== null && props.onSpeed(value)}
      >
        {SPEEDS.map((speed) => (
          <ToggleButton key={speed} value={speed} aria-label={`${speed}×`}>
            {speed}×
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControlLabel
        control={
          <Switch checked={props.skipInactive} onChange={(event) => props.onSkipInactive(event.target.checked)} />
        }
        label="Skip inactivity"
      />
      <Tooltip title="Copy a link to this moment">
        <IconButton aria-label="Copy a link to this moment" onClick={props.onShare}>
          <LinkIcon />
        </IconButton>
      </Tooltip>
      <IconButton aria-label="Full screen" onClick={props.onFullscreen}>
        <FullscreenIcon />
      </IconButton>
    </Stack>
  );
}
