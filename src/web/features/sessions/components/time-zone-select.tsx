import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { timeZoneOptions } from '../lib/time-zones.ts';

/** Picks the zone dates are read in and times are shown in. */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      onChange={(_event, zone) => onChange(zone)}
      disableClearable
      autoHighlight
      sx={{ width: { xs: '100%', sm: 250 } }}
      renderInput={(params) => <TextField {...params} label="Time zone" />}
    />
  );
}
