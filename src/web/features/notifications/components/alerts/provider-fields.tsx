import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { useWebhooksQuery } from '../../../../lib/api/webhooks-query.ts';
import type { AlertFormInput } from '../../lib/alert-form-schema.ts';
import { ChatNotConfigured } from './chat-not-configured.tsx';
import { RegisterWebhookForm } from '../webhooks/register-webhook-form.tsx';
import { WebhookPicker } from './webhook-picker.tsx';

/** Where the alert goes: a chat channel, or one of the account's webhooks (which can be registered here). */
export function ProviderFields({ canRegisterWebhook }: { canRegisterWebhook: boolean }) {
  const { control, register, setValue, formState } = useFormContext<AlertFormInput>();
  const provider = useWatch({ control, name: 'provider' });
  const webhooks = useWebhooksQuery({ enabled: provider === 'webhooks' });
  const [registering, setRegistering] = useState(false);
  const noWebhooks = webhooks.isSuccess && webhooks.data.length === 0;

  return (
    <Stack spacing={2}>
      <Controller
        name="provider"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id="alert-provider-label">Send to</FormLabel>
            <RadioGroup row aria-labelledby="alert-provider-label" {...field}>
              <FormControlLabel value="chat" control={<Radio />} label="Chat" />
              <FormControlLabel value="webhooks" control={<Radio />} label="Webhook" />
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      {provider === 'chat' ? <ChatNotConfigured /> : null}
      {provider === 'chat' ? (
        <TextField
          label="Chat channel"
          required
          {...register('chat_channel_id')}
          error={Boolean(formState.errors.chat_channel_id)}
          helperText={
            formState.errors.chat_channel_id?.message ??
            'A channel ID such as C0123ABCD, or #name. Invite the bot to the channel first.'
          }
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      ) : (
        <>
          {webhooks.isError ? <ApiErrorAlert error={webhooks.error} title="Webhooks could not be loaded" /> : null}
          {noWebhooks ? (
            <Typography variant="body2" color="text.secondary">
              This account has no webhook yet.{canRegisterWebhook ? ' Register one to send this alert to it.' : ''}
            </Typography>
          ) : (
            <WebhookPicker webhooks={webhooks.data ?? []} loading={webhooks.isPending} />
          )}
          {noWebhooks && formState.errors.webhook_id ? (
            <FormHelperText error>{formState.errors.webhook_id.message}</FormHelperText>
          ) : null}
          {canRegisterWebhook && (registering || noWebhooks) ? (
            <RegisterWebhookForm
              onCancel={noWebhooks ? undefined : () => setRegistering(false)}
              onRegistered={(webhook) => {
                setValue('webhook_id', webhook.webhook_id, { shouldValidate: true, shouldDirty: true });
                setRegistering(false);
              }}
            />
          ) : null}
          {canRegisterWebhook && !registering && !noWebhooks ? (
            <Button startIcon={<AddIcon />} onClick={() => setRegistering(true)} sx={{ alignSelf: 'flex-start' }}>
              Register a webhook
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}
