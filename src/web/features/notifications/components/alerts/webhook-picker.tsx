import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import type { AlertFormInput } from '../../lib/alert-form-schema.ts';

/** Chooses one of the account's webhooks, shown by URL and website. */
export function WebhookPicker({ webhooks, loading }: { webhooks: readonly Webhook[]; loading: boolean }) {
  const { control } = useFormContext<AlertFormInput>();
  return (
    <Controller
      name="webhook_id"
      control={control}
      render={({ field, fieldState }) => {
        const known = webhooks.some((webhook) => webhook.webhook_id === field.value);
        return (
          <TextField
            select
            required
            label="Webhook"
            value={known ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={loading}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? (loading ? 'Loading webhooks…' : undefined)}
            slotProps={{
              select: {
                renderValue: (id) => webhooks.find((webhook) => webhook.webhook_id === id)?.url ?? '',
              },
            }}
          >
            {webhooks.map((webhook) => (
              <MenuItem key={webhook.webhook_id} value={webhook.webhook_id}>
                <ListItemText
                  primary={webhook.url}
                  secondary={webhook.enabled ? webhook.website : `${webhook.website} · disabled`}
                  slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                />
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
