import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { InstallCheck } from '../../../components/install-check/install-check.tsx';
import { useWebsitesQuery } from '../../../lib/api/websites-query.ts';

/** Every cached sessions list: generated keys start with the operation id. */
const ALL_SESSION_LISTS = [{ _id: 'getSessions' }];

/**
 * What the sessions page shows before any session was recorded: how to install the tracker on the chosen
 * website (or the first one), and a live check that waits for its first session.
 */
export function FirstRunEmptyState({ websiteId }: { websiteId: string }) {
  const websites = useWebsitesQuery();
  const queryClient = useQueryClient();
  const chosen = websites.data?.find((each) => each.website_id === websiteId);
  // An old link, or a website deleted since: saying nothing was recorded would be wrong.
  if (websiteId && websites.data && !chosen) return <UnknownWebsite websiteId={websiteId} />;
  const website = chosen ?? websites.data?.[0];
  return (
    <Box sx={{ maxWidth: 640, width: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        No sessions recorded yet
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sessions appear here once a website’s pages load the tracker.
      </Typography>
      {websites.isPending ? <LinearProgress aria-label="Loading websites" /> : null}
      {websites.isError ? <ApiErrorAlert error={websites.error} title="The websites could not be loaded" /> : null}
      {websites.data?.length === 0 ? <Typography>This account has no website yet.</Typography> : null}
      {website ? (
        <InstallCheck
          website={website}
          onReceiving={
            <Button
              color="inherit"
              size="small"
              onClick={() => void queryClient.invalidateQueries({ queryKey: ALL_SESSION_LISTS })}
            >
              Show sessions
            </Button>
          }
        />
      ) : null}
    </Box>
  );
}

function UnknownWebsite({ websiteId }: { websiteId: string }) {
  return (
    <Box sx={{ maxWidth: 420 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        No such website
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        This account has no website “{websiteId}”: the link may be old, or the website deleted.
      </Typography>
      <Button component={Link} to="/sessions" variant="outlined" size="small">
        Show every website’s sessions
      </Button>
    </Box>
  );
}
