import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const LABEL = { system: 'Theme: follows the system', light: 'Theme: light', dark: 'Theme: dark' } as const;

/** Cycles system → light → dark; the choice is remembered by the browser. */
export function ThemeToggle() {
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  const icon =
    current === 'dark' ? <DarkModeIcon /> : current === 'light' ? <LightModeIcon /> : <SettingsBrightnessIcon />;
  return (
    <Tooltip title={`${LABEL[current]} (click to change)`}>
      <IconButton color="inherit" aria-label={`${LABEL[current]}; change theme`} onClick={() => setMode(NEXT[current])}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
