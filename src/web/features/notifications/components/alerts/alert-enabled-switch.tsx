import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { Alert } from '../../../../../api/client/types.gen.ts';

interface AlertEnabledSwitchProps {
  alert: Alert;
  disabled: boolean;
  onChange: (enabled: boolean) => void;
}

/** Whether the alert sends notifications; read-only people see the state but cannot change it. */
export function AlertEnabledSwitch({ alert, disabled, onChange }: AlertEnabledSwitchProps) {
  return (
    <FormControlLabel
      label={alert.enabled ? 'On' : 'Off'}
      labelPlacement="start"
      sx={{ mr: 0, ml: 0, flexShrink: 0 }}
      control={
        <Switch
          checked={alert.enabled}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Alert ${alert.name} on` } }}
        />
      }
    />
  );
}
