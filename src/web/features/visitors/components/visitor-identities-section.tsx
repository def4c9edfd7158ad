import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/locale.ts';
import { IDENTITY_SCAN_LIMIT, type VisitorIdentitiesResult } from '../api/use-visitor-identities-query.ts';
import { useVisitorSessionCounts } from '../api/use-visitor-session-counts.ts';
import { VisitorIdentityCard } from './visitor-identity-card.tsx';

interface VisitorIdentitiesSectionProps {
  result: VisitorIdentitiesResult;
  lookedUpByEmail: boolean;
  websiteId: string;
  timeZone: string;
}

/** Each identity the lookup found; an e-mail used on several devices can have several visitor ids. */
export function VisitorIdentitiesSection({
  result,
  lookedUpByEmail,
  websiteId,
  timeZone,
}: VisitorIdentitiesSectionProps) {
  const { identities } = result;
  const counts = useVisitorSessionCounts(
    identities.map((identity) => identity.id),
    websiteId,
  );
  const several = identities.length > 1;
  return (
    <Box component="section" aria-labelledby="visitor-identities-heading" sx={{ mb: 3 }}>
      <Typography variant="h5" component="h2" id="visitor-identities-heading" sx={{ mb: 1 }}>
        {several ? `Identities (${identities.length})` : 'Identity'}
      </Typography>
      {several && lookedUpByEmail ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This e-mail belongs to {identities.length} visitor ids, for example one per device or browser. Each is shown
          below.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: several ? '1fr 1fr' : '1fr' },
          maxWidth: several ? undefined : 720,
        }}
      >
        {identities.map((identity, index) => (
          <VisitorIdentityCard
            key={identity.id}
            identity={identity}
            sessionCount={counts[index]?.data}
            timeZone={timeZone}
            showNarrowLink={several}
          />
        ))}
      </Box>
      {result.complete ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Identities were read from the newest {formatNumber(IDENTITY_SCAN_LIMIT)} of {formatNumber(result.total)}{' '}
          sessions; an id used only before then is not listed.
        </Typography>
      )}
    </Box>
  );
}
