import Alert from '@mui/material/Alert';

/** Says once that the zone in the address was not used, and which one is. */
export function RefusedTimeZoneAlert({ refused, timeZone }: { refused: string | null; timeZone: string }) {
  if (refused === null) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      “{refused}” in the address is not a time zone. Times are shown in {timeZone}.
    </Alert>
  );
}
