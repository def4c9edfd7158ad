import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { formatNumber } from '../../../lib/locale.ts';
import { describeDateRange } from '../lib/describe-date-range.ts';

interface SessionsSummaryProps {
  data: GetSessionsResponse | undefined;
  timeZone: string;
  /** The figures are the previous view's, kept while the current one is asked for: shown dimmed, as busy. */
  stale: boolean;
  /** The current view is being fetched (not merely waiting for the network to come back). */
  fetching: boolean;
  /** The count and range line, focusable from code (once new sessions are shown, say). */
  ref?: Ref<HTMLDivElement>;
}

/** How many sessions match, and the exact range the server used, so nobody wonders what "today" meant. */
export function SessionsSummary({ data, timeZone, stale, fetching, ref }: SessionsSummaryProps) {
  return (
    <Box aria-busy={stale} sx={{ mb: 1 }}>
      <Box
        ref={ref}
        role="status"
        tabIndex={-1}
        sx={{
          outline: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          alignItems: 'baseline',
          opacity: stale ? 0.5 : 1,
          transition: 'opacity 150ms',
        }}
      >
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {data ? `${formatNumber(data.total)} ${data.total === 1 ? 'session' : 'sessions'}` : 'Loading sessions…'}
        </Typography>
        {data ? (
          <Typography variant="body2" color="text.secondary">
            {describeDateRange(data.date_range, timeZone)}
          </Typography>
        ) : null}
      </Box>
      {stale && fetching ? <LinearProgress aria-label="Updating the sessions" sx={{ mt: 0.5 }} /> : null}
    </Box>
  );
}
