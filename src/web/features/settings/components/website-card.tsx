import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Website } from '../../../../api/client/types.gen.ts';
import { CopyButton } from '../../../components/feedback/copy-button.tsx';
import { InstallCheck } from './install-check.tsx';
import { RecordingSettingsForm } from './recording-settings-form.tsx';
import { TrackerSnippet } from './tracker-snippet.tsx';

/** A website with what its pages need to record sessions: the snippet and the public key in it. */
export function WebsiteCard({ website }: { website: Website }) {
  const titleId = `website-${website.website_id}-name`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <div>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {website.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {website.host}
        </Typography>
      </div>
      <InstallCheck website={website} />
      {website.snippet ? <TrackerSnippet website={website} snippet={website.snippet} /> : null}
      {website.public_key ? (
        <div>
          <Typography variant="caption" color="text.secondary" component="p">
            Public key (identifies the website to the tracker; safe to ship in pages)
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
              {website.public_key}
            </Box>
            <CopyButton value={website.public_key} label={`Copy public key for ${website.name}`} />
          </Stack>
        </div>
      ) : null}
      <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>Recording and privacy</AccordionSummary>
        <AccordionDetails>
          <RecordingSettingsForm websiteId={website.website_id} websiteName={website.name} />
        </AccordionDetails>
      </Accordion>
    </Paper>
  );
}
