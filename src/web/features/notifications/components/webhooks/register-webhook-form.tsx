import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { WebhookFormFields } from './webhook-form-fields.tsx';
import { useWebhookForm } from './use-webhook-form.ts';

interface RegisterWebhookFormProps {
  onRegistered: (webhook: Webhook) => void;
  onCancel?: () => void;
}

/**
 * The webhook form, placed inside the alert form. It is not a <form> element (forms do not nest), so
 * Enter in its fields registers the webhook instead of submitting the alert.
 */
export function RegisterWebhookForm({ onRegistered, onCancel }: RegisterWebhookFormProps) {
  const webhookForm = useWebhookForm({ onSaved: onRegistered });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void webhookForm.submit();
    }
  };

  return (
    <Box
      role="group"
      aria-labelledby="register-webhook-title"
      onKeyDown={onKeyDown}
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Stack spacing={2}>
        <Typography id="register-webhook-title" variant="subtitle2" component="h3">
          Register a webhook
        </Typography>
        <WebhookFormFields webhookForm={webhookForm} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
          <Button
            variant="outlined"
            loading={webhookForm.form.formState.isSubmitting}
            onClick={() => void webhookForm.submit()}
          >
            Register webhook
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
