import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/feedback/copy-button.tsx';
import { type DetailItem, DetailList } from '../../../components/sessions/session-detail-section.tsx';
import { formatTimestamp } from '../../../components/sessions/session-format.ts';
import { formatNumber } from '../../../lib/locale.ts';
import type { VisitorIdentity } from '../lib/visitor-identities.ts';

interface VisitorIdentityCardProps {
  identity: VisitorIdentity;
  /** Sessions with this visitor id; undefined while counting. */
  sessionCount: number | undefined;
  timeZone: string;
  /** Offer to narrow the page to this one id (when the lookup found several). */
  showNarrowLink: boolean;
}

/** Who a visitor id is: name, e-mail, id, params, when first and last seen, and how often. */
export function VisitorIdentityCard({ identity, sessionCount, timeZone, showNarrowLink }: VisitorIdentityCardProps) {
  const items: DetailItem[] = [
    ['E-mail', identity.email],
    [
      'Visitor id',
      <span key="id">
        <code>{identity.id}</code>
        <CopyButton value={identity.id} label={`Copy visitor id ${identity.id}`} />
      </span>,
    ],
    ['First seen', formatTimestamp(identity.firstSeen, timeZone)],
    ['Last seen', formatTimestamp(identity.lastSeen, timeZone)],
    ['Sessions', sessionCount === undefined ? 'Counting…' : formatNumber(sessionCount)],
    ...identity.params.map((param): DetailItem => [param.name, param.value]),
  ];
  const headingId = useId();
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h3" id={headingId} gutterBottom>
          {identity.name ?? identity.email ?? 'Anonymous visitor'}
        </Typography>
        <DetailList items={items} />
      </CardContent>
      {showNarrowLink ? (
        <CardActions>
          <Button
            component={Link}
            to={`/visitors?${new URLSearchParams({ visitor_id: identity.id }).toString()}`}
            size="small"
          >
            Only this visitor id
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
