import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label and value pairs that sit side by side on wide screens and wrap onto new lines on narrow ones. */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, m: 0 }}>
      {details.map((detail) => (
        <Box key={detail.label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {detail.label}
          </Box>
          <Box component="dd" sx={{ typography: 'body2', m: 0, overflowWrap: 'anywhere' }}>
            {detail.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
