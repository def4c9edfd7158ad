import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Session } from '../../../api/client/types.gen.ts';
import { countryName, formatScore, urlHost } from './session-format.ts';

/** Two lines in a grid cell, cut with an ellipsis; the full text is in the tooltip. */
function TwoLines({ first, second, title }: { first: ReactNode; second?: ReactNode; title: string }) {
  return (
    <Box title={title} sx={{ minWidth: 0, lineHeight: 1.3, overflow: 'hidden', py: 0.5 }}>
      <Typography variant="body2" noWrap>
        {first}
      </Typography>
      {second ? (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {second}
        </Typography>
      ) : null}
    </Box>
  );
}

export function VisitorCell({ visitor }: { visitor: Session['visitor'] }) {
  const identity = [visitor.name, visitor.email].filter(Boolean).join(' · ') || 'Anonymous visitor';
  return <TwoLines first={identity} second={`id ${visitor.id}`} title={`${identity}\nVisitor id ${visitor.id}`} />;
}

export function LocationCell({ geolocation }: { geolocation: Session['visitor']['geolocation'] }) {
  const country = countryName(geolocation.country_code);
  const place = [geolocation.city, geolocation.region].filter(Boolean).join(', ');
  return <TwoLines first={country || 'Unknown'} second={place} title={[country, place].filter(Boolean).join(' · ')} />;
}

export function ReferrerCell({ session }: { session: Session }) {
  const { source, medium, campaign } = session.utm;
  const utm = [source, medium, campaign].filter(Boolean).join(' / ');
  const referrer = session.referrer ? urlHost(session.referrer) : 'Direct';
  return (
    <TwoLines
      first={referrer}
      second={utm ? `UTM ${utm}` : undefined}
      title={[session.referrer || 'Direct', utm].filter(Boolean).join('\n')}
    />
  );
}

/** A number with a bar beside it; the bar only repeats the number, so nothing depends on seeing it. */
export function EngagementBar({ score }: { score: number }) {
  const value = Math.max(0, Math.min(100, score));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', height: '100%' }}>
      <Box aria-hidden="true" sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
        <Box sx={{ width: `${value}%`, height: '100%', bgcolor: 'primary.main' }} />
      </Box>
      <Typography variant="body2" sx={{ minWidth: 34, textAlign: 'right' }}>
        {formatScore(score)}
      </Typography>
    </Box>
  );
}

export function TagsCell({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Box title={tags.join(', ')} sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
      {tags.map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

export function SeenCell({ seen }: { seen: boolean }) {
  return seen ? (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      <VisibilityOutlinedIcon fontSize="small" aria-hidden="true" />
      <Typography variant="body2">Seen</Typography>
    </Box>
  ) : (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      New
    </Typography>
  );
}
