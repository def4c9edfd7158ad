import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { WebhookFormFields } from './webhook-form-fields.tsx';
import { useWebhookForm } from './use-webhook-form.ts';

/** Registers a webhook, or edits `webhook` when given. Mounted only while open, so every opening starts fresh. */
export function WebhookFormDialog({ webhook, onClose }: { webhook?: Webhook; onClose: () => void }) {
  const webhookForm = useWebhookForm({ webhook, onSaved: onClose });
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-form-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void webhookForm.submit(event)} noValidate>
        <DialogTitle id="webhook-form-title">{webhook ? 'Edit webhook' : 'Register a webhook'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <WebhookFormFields webhookForm={webhookForm} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={webhookForm.form.formState.isSubmitting}>
            {webhook ? 'Save' : 'Register'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
