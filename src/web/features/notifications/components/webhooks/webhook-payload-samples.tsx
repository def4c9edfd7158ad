import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { webhookPayloadSamples } from '../../../../../api/webhook-payload-samples.gen.ts';
import { CopyButton } from '../../../../components/feedback/copy-button.tsx';

/** One sample delivery per event name, from the API document's `webhooks` section: what receivers will parse. */
export function WebhookPayloadSamples() {
  return (
    <Box component="section" aria-labelledby="payload-samples-title" sx={{ mt: 4 }}>
      <Typography id="payload-samples-title" variant="h6" component="h2">
        Payload samples
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        The JSON body each event sends. `suppressed_count` and `suppressed_since` appear only when the alert’s quiet
        period folded further matches in. The API reference describes every field.
      </Typography>
      {Object.entries(webhookPayloadSamples).map(([eventName, sample]) => {
        const json = JSON.stringify(sample, null, 2);
        return (
          <Accordion
            key={eventName}
            disableGutters
            variant="outlined"
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`sample-${eventName}-header`}>
              <Typography sx={{ fontFamily: 'monospace' }}>{eventName}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                <Box
                  component="pre"
                  aria-label={`Sample ${eventName} payload`}
                  sx={{
                    flex: 1,
                    m: 0,
                    p: 1.5,
                    overflowX: 'auto',
                    fontFamily: 'monospace',
                    fontSize: '0.8rem',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  {json}
                </Box>
                <CopyButton value={json} label={`Copy the ${eventName} sample`} />
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
