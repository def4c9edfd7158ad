import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { Session } from '../../../api/client/types.gen.ts';
import { formatNumber } from '../../lib/locale.ts';
import { countryName, formatDuration, formatTimestamp } from './session-format.ts';

const counted = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

interface SessionCardProps {
  session: Session;
  timeZone: string;
  onOpen: (session: Session) => void;
  /** Called while the pointer rests on the card or focus is in it, to load the session ahead of the click. */
  onPrefetch: (id: string) => void;
}

/** A session on a phone: who, when, how long, where, on what, and whether it went wrong; a tap opens it. */
export function SessionCard({ session, timeZone, onOpen, onPrefetch }: SessionCardProps) {
  const { visitor, events_statistics: events } = session;
  const identity = [visitor.name, visitor.email].filter(Boolean).join(' · ') || 'Anonymous visitor';
  const place = [countryName(visitor.geolocation.country_code) || 'Unknown location', session.device]
    .filter(Boolean)
    .join(' · ');
  const frustrated = events.error_logs + events.rage_clicks > 0;
  return (
    <Card variant="outlined">
      <CardActionArea
        data-id={session.id}
        onClick={() => onOpen(session)}
        onMouseEnter={() => onPrefetch(session.id)}
        onFocus={() => onPrefetch(session.id)}
        sx={{ p: 1.5, display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.25 }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
            {identity}
          </Typography>
          <Typography variant="body2" sx={{ flexShrink: 0 }}>
            {formatDuration(session.duration)}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {formatTimestamp(session.creation_timestamp, timeZone)} ·{' '}
          {counted(session.page_views_statistics.count, 'page', 'pages')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {place}
        </Typography>
        <Typography variant="caption" component="div" color={frustrated ? 'error' : 'text.secondary'}>
          {counted(events.error_logs, 'error', 'errors')} · {counted(events.rage_clicks, 'rage click', 'rage clicks')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
