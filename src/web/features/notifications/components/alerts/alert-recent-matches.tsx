import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Alert, AlertMatch } from '../../../../../api/client/types.gen.ts';
import { TimeAgo } from '../../../../components/data-display/time-ago.tsx';
import { sessionRouteOf } from '../../../../lib/session-link.ts';
import { useAlertMatchesQuery } from '../../api/use-alert-matches-query.ts';

function visitorOf(match: AlertMatch): string {
  return match.visitor.name || match.visitor.email || match.visitor.id;
}

/** The sessions that last triggered the alert, each a link to the session at the event's moment. */
export function AlertRecentMatches({ alert }: { alert: Alert }) {
  const fired = Boolean(alert.last_fired_at);
  const matches = useAlertMatchesQuery(alert.alert_id, { enabled: fired });
  if (!fired) return null;
  const headingId = `recent-matches-${alert.alert_id}`;
  if (matches.isError)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Recent matches could not be loaded.
      </Typography>
    );
  if (!matches.data || matches.data.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={headingId} variant="caption" color="text.secondary" component="h3">
        Recent matches
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, pl: 2.5 }}>
        {matches.data.map((match) => (
          <Typography component="li" variant="body2" key={match.delivery_id} sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={sessionRouteOf(match.session_url)}>
              {match.event_name} by {visitorOf(match)}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              <TimeAgo iso={match.time} />
            </Typography>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
