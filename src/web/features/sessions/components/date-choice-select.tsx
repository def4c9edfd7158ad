import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DATE_PRESETS, type DateChoice } from '../lib/date-presets.ts';

interface DateChoiceSelectProps {
  value: DateChoice;
  onChange: (choice: DateChoice) => void;
  /** A choice the person points at or moves focus to, likely to be chosen next. */
  onPreview?: (choice: DateChoice) => void;
}

/** The date presets, and "Custom range" for picking exact times. */
export function DateChoiceSelect({ value, onChange, onPreview }: DateChoiceSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Dates"
      value={value}
      onChange={(event) => onChange(event.target.value as DateChoice)}
      sx={{ minWidth: 200 }}
    >
      {DATE_PRESETS.map((preset) => (
        <MenuItem
          key={preset.id}
          value={preset.id}
          onPointerEnter={() => onPreview?.(preset.id)}
          onFocus={() => onPreview?.(preset.id)}
        >
          {preset.label}
        </MenuItem>
      ))}
      <MenuItem value="custom">Custom range</MenuItem>
    </TextField>
  );
}
