import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { Website } from '../../../../api/client/types.gen.ts';
import type { WebhookFormInput, WebhookFormValues } from '../lib/webhook-form.ts';

interface WebhookFormFieldsProps {
  form: UseFormReturn<WebhookFormInput, unknown, WebhookFormValues>;
  websites: readonly Website[];
  editing: boolean;
}

export function WebhookFormFields({ form, websites, editing }: WebhookFormFieldsProps) {
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <>
      <TextField
        label="URL"
        type="url"
        required
        autoFocus
        placeholder="https://hooks.example.com/alerts"
        {...register('url')}
        error={Boolean(errors.url)}
        helperText={
          errors.url?.message ?? 'An https address on the public internet. Alerts are POSTed to it as signed JSON.'
        }
        slotProps={{ htmlInput: { maxLength: 2048, spellCheck: false, autoComplete: 'off' } }}
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
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Only events of this website are sent to the webhook.'}
          >
            {websites.map((website) => (
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
