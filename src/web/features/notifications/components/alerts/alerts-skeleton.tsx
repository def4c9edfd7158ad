import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Stands in for the list while it loads, at about the size of real cards. */
export function AlertsSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-label="Loading alerts">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={116} />
      ))}
    </Stack>
  );
}
