import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { BackToSessionsButton } from '../../../components/sessions/back-to-sessions-button.tsx';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { OfflineNotice } from '../../../components/feedback/offline-notice.tsx';
import { RefusedTimeZoneAlert } from '../../../components/feedback/refused-time-zone-alert.tsx';
import { useCanReadSessions } from '../../../components/sessions/use-can-read-sessions.ts';
import { useAddressTimeZone } from '../../../lib/use-address-time-zone.ts';
import { useVisitorIdentitiesQuery } from '../api/use-visitor-identities-query.ts';
import { hasLookup, lookupFilter, readVisitorLookup, searchedText, type VisitorLookup } from '../lib/visitor-lookup.ts';
import { VisitorIdentitiesSection } from './visitor-identities-section.tsx';
import { PeopleSearched, VisitorNotFound } from './visitor-not-found.tsx';
import { VisitorSessionsSection } from './visitor-sessions-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** A visitor looked up by e-mail or visitor id (the app bar's search): who they are and all their sessions. */
export function VisitorPage() {
  const [params] = useSearchParams();
  const lookup = useMemo(() => readVisitorLookup(params), [params]);
  // Text searched that is neither an e-mail nor a visitor id: the people it may stand for.
  const searched = searchedText(params, lookup);
  const canRead = useCanReadSessions();
  const { timeZone, refused } = useAddressTimeZone();
  const who = lookup.email || lookup.visitorId;
  useDocumentTitle(who ? `Visitor ${who}` : searched ? `People matching “${searched}”` : 'Visitor');
  return (
    <Box>
      <BackToSessionsButton />
      <Typography variant="h4" component="h1">
        Visitor
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {[lookup.email && `E-mail ${lookup.email}`, lookup.visitorId && `Visitor id ${lookup.visitorId}`]
          .filter(Boolean)
          .join(' · ') || (searched ? `Search “${searched}”` : 'No visitor chosen')}
      </Typography>
      <RefusedTimeZoneAlert refused={refused} timeZone={timeZone} />
      {canRead === false ? (
        <Alert severity="info">Your role does not include reading sessions, so visitors cannot be shown.</Alert>
      ) : hasLookup(lookup) ? (
        <VisitorOverview lookup={lookup} />
      ) : searched ? (
        <PeopleSearched text={searched} />
      ) : (
        <Alert severity="info">
          Search for a visitor by name, e-mail or visitor id with the search box at the top of the page.
        </Alert>
      )}
    </Box>
  );
}

function VisitorOverview({ lookup }: { lookup: VisitorLookup }) {
  const { timeZone } = useAddressTimeZone();
  const identities = useVisitorIdentitiesQuery(lookupFilter(lookup));
  // Offline, the lookup waits for the connection: say so rather than leave a skeleton or old figures unexplained.
  const offline = (
    <OfflineNotice
      waiting={identities.fetchStatus === 'paused'}
      showingPrevious={identities.data !== undefined}
      what="visitor details"
    />
  );
  if (identities.isPending) {
    return (
      <>
        {offline}
        <Box aria-busy="true" aria-label="Looking up the visitor">
          <Skeleton variant="rounded" height={180} sx={{ mb: 2, maxWidth: 720 }} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      </>
    );
  }
  if (identities.isError) return <ApiErrorAlert error={identities.error} title="The visitor could not be looked up" />;
  return (
    <>
      {offline}
      {identities.data.total === 0 ? (
        <VisitorNotFound lookup={lookup} />
      ) : (
        <>
          <VisitorIdentitiesSection
            result={identities.data}
            lookedUpByEmail={lookup.email !== ''}
            websiteId={lookup.websiteId}
            timeZone={timeZone}
          />
          <VisitorSessionsSection lookup={lookup} timeZone={timeZone} />
        </>
      )}
    </>
  );
}
