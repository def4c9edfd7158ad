import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { usePolledWebsitesQuery } from '../api/use-polled-websites-query.ts';
import { AddWebsiteDialog } from './add-website-dialog.tsx';
import { WebsiteCard } from './website-card.tsx';

/** The account's websites, how to install the tracker on each and whether it is sending (the page is for admins). */
export function WebsitesSection() {
  const websites = usePolledWebsitesQuery();
  const [adding, setAdding] = useState(false);
  return (
    <Box component="section" aria-labelledby="websites-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2" id="websites-heading">
          Websites
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add website
        </Button>
      </Stack>
      {adding ? <AddWebsiteDialog onClose={() => setAdding(false)} onAdded={() => setAdding(false)} /> : null}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Sessions are recorded on pages that load the tracker. Add a website’s snippet to every one of its pages.
      </Typography>
      {websites.isPending ? <LinearProgress aria-label="Loading websites" /> : null}
      {websites.isError ? <ApiErrorAlert error={websites.error} title="The websites could not be loaded" /> : null}
      {websites.data?.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>No websites yet.</Typography>
        </Paper>
      ) : null}
      {websites.data && websites.data.length > 0 ? (
        <Stack component="ul" aria-label="Websites" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
          {websites.data.map((website) => (
            <WebsiteCard key={website.website_id} website={website} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
