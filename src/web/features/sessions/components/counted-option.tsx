import Box from '@mui/material/Box';
import type { HTMLAttributes } from 'react';
import { formatNumber } from '../../../lib/locale.ts';

interface CountedOptionProps extends HTMLAttributes<HTMLLIElement> {
  label: string;
  /** The value's sessions, shown at the right and named to screen readers; none for a value not counted. */
  sessions: number | undefined;
}

/** A suggestion in a filter editor's list: the value, and beside it how many sessions have it. */
export function CountedOption({ label, sessions, ...props }: CountedOptionProps) {
  return (
    <Box
      component="li"
      {...props}
      aria-label={sessions === undefined ? undefined : `${label}, ${formatNumber(sessions)} sessions`}
      sx={{ display: 'flex', gap: 2 }}
    >
      <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Box>
      {sessions === undefined ? null : (
        <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
          {formatNumber(sessions)}
        </Box>
      )}
    </Box>
  );
}
