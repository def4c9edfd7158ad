import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Session } from '../../../api/client/types.gen.ts';
import { CopyButton } from '../feedback/copy-button.tsx';

interface SessionLinksProps {
  session: Session;
  timeZone: string;
  showSessionPageLink: boolean;
}

/** The session's shareable link (with copy), and the ways on from it. */
export function SessionLinks({ session, timeZone, showSessionPageLink }: SessionLinksProps) {
  const sessionPage = `/sessions/${encodeURIComponent(session.id)}?${new URLSearchParams({ tz: timeZone }).toString()}`;
  const visitorLink = `/visitors?${new URLSearchParams({ visitor_id: session.visitor.id }).toString()}`;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" id={`session-link-${session.id}`}>
        Session link
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography
          variant="body2"
          component="code"
          aria-labelledby={`session-link-${session.id}`}
          sx={{ overflowWrap: 'anywhere', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1, flex: 1 }}
        >
          {session.session_url}
        </Typography>
        <CopyButton value={session.session_url} label="Copy session link" />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {showSessionPageLink ? (
          <Button component={Link} to={sessionPage} variant="outlined" size="small" startIcon={<OpenInFullIcon />}>
            Open session page
          </Button>
        ) : null}
        <Button component={Link} to={visitorLink} variant="outlined" size="small" startIcon={<PersonSearchIcon />}>
          All sessions of this visitor
        </Button>
      </Box>
    </Box>
  );
}
