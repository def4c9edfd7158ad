import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GetSessionsResponse } from '../../../../api/client/types.gen.ts';
import { formatCount } from '../../../components/sessions/session-format.ts';
import { describeDateRange } from '../lib/describe-date-range.ts';

/** How many sessions match, and the exact range the server used, so nobody wonders what "today" meant. */
export function SessionsSummary({ data, timeZone }: { data: GetSessionsResponse | undefined; timeZone: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline', mb: 1 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {data ? `${formatCount(data.total)} ${data.total === 1 ? 'session' : 'sessions'}` : 'Loading sessions…'}
      </Typography>
      {data ? (
        <Typography variant="body2" color="text.secondary">
          {describeDateRange(data.date_range, timeZone)}
        </Typography>
      ) : null}
    </Box>
  );
}
