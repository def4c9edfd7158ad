import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { WEBHOOK_URL_MAX_LENGTH } from '../../lib/webhook-form.ts';
import type { useWebhookForm } from './use-webhook-form.ts';

interface WebhookFormFieldsProps {
  webhookForm: ReturnType<typeof useWebhookForm>;
  autoFocus?: boolean;
}

/** The fields of the one webhook form, with the errors that belong to no field above them. */
export function WebhookFormFields({ webhookForm, autoFocus = false }: WebhookFormFieldsProps) {
  const { form, websites, websiteChoices, formError, editing } = webhookForm;
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <>
      {formError ? (
        <ApiErrorAlert
          error={formError}
          title={editing ? 'The webhook was not saved' : 'The webhook was not registered'}
        />
      ) : null}
      {websites.isError ? <ApiErrorAlert error={websites.error} title="The websites could not be loaded" /> : null}
      <TextField
        label="Webhook URL"
        type="url"
        required
        autoFocus={autoFocus}
        placeholder="https://hooks.example.com/alerts"
        {...register('url')}
        error={Boolean(errors.url)}
        helperText={
          errors.url?.message ?? 'An https address on the public internet. Alerts are POSTed to it as signed JSON.'
        }
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH, spellCheck: false, autoComplete: 'off' } }}
      />
      <Controller
        control={control}
        name="website_id"
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            select
            label="Website"
            required
            inputRef={ref}
            {...field}
            disabled={websites.isPending && !editing}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Only events of this website are sent to the webhook.'}
          >
            {websiteChoices.map((website) => (
              <MenuItem key={website.website_id} value={website.website_id}>
                {website.host ? `${website.name} (${website.host})` : website.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Version"
        value="v1.0"
        error={Boolean(errors.version)}
        helperText={errors.version?.message ?? 'The payload format. v1.0 is the only version.'}
        slotProps={{ input: { readOnly: true } }}
      />
      {editing ? (
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label="Enabled (alerts are delivered to it)"
            />
          )}
        />
      ) : null}
    </>
  );
}
