import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useAddressTimeZone } from '../../../lib/use-address-time-zone.ts';
import { timeZoneOptions } from '../../../lib/time-zones.ts';

/** Zones are found as people write places: "new york" finds America/New_York. */
const filterZones = createFilterOptions<string>({ stringify: (zone) => zone.replace(/_/g, ' ') });

/** Picks the zone dates are read in and times are shown in; says so when the address named no real zone. */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  const { refused } = useAddressTimeZone();
  return (
    <Autocomplete
      size="small"
      options={options}
      filterOptions={filterZones}
      value={value}
      onChange={(_event, zone) => onChange(zone)}
      disableClearable
      autoHighlight
      sx={{ width: { xs: '100%', sm: 250 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          error={refused !== null}
          helperText={refused === null ? undefined : `“${refused}” is not a time zone; showing ${value}`}
        />
      )}
    />
  );
}
