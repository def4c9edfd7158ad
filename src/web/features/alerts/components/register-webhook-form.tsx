import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import { zCreateWebhookBody } from '../../../../api/client/zod.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useCreateWebhookMutation } from '../api/use-create-webhook-mutation.ts';
import { useWebsitesQuery } from '../api/use-websites-query.ts';

// http is allowed through here because a development server may accept it; the server has the last word.
const registerWebhookSchema = zCreateWebhookBody.extend({
  url: z.url({ protocol: /^https?$/, error: 'Enter the full URL, starting with https://' }).max(2048),
  website_id: z.string().min(1, 'Choose a website'),
});
type RegisterWebhookValues = z.infer<typeof registerWebhookSchema>;

interface RegisterWebhookFormProps {
  onRegistered: (webhook: Webhook) => void;
  onCancel?: () => void;
}

/**
 * A small form inside the alert form. It is not a <form> element (forms do not nest), so Enter in
 * its fields registers the webhook instead of submitting the alert.
 */
export function RegisterWebhookForm({ onRegistered, onCancel }: RegisterWebhookFormProps) {
  const websites = useWebsitesQuery();
  const createWebhook = useCreateWebhookMutation();
  const [unplacedError, setUnplacedError] = useState<unknown>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<RegisterWebhookValues>({
    resolver: zodResolver(registerWebhookSchema),
    defaultValues: { url: '', website_id: '', version: 'v1.0' },
  });
  const submit = handleSubmit(async (values) => {
    setUnplacedError(null);
    try {
      onRegistered(await createWebhook.mutateAsync({ body: values }));
    } catch (error) {
      if (!applyServerError(error, setError, ['url', 'website_id', 'version'])) setUnplacedError(error);
    }
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
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
        {unplacedError ? <ApiErrorAlert error={unplacedError} title="The webhook could not be registered" /> : null}
        {websites.isError ? <ApiErrorAlert error={websites.error} title="Websites could not be loaded" /> : null}
        <TextField
          label="Webhook URL"
          type="url"
          required
          placeholder="https://hooks.example.com/…"
          {...register('url')}
          error={Boolean(formState.errors.url)}
          helperText={formState.errors.url?.message ?? 'We POST each alert here, signed with the webhook’s secret.'}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="website_id"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                label="Website"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={websites.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ flex: 2 }}
              >
                {(websites.data ?? []).map((website) => (
                  <MenuItem key={website.website_id} value={website.website_id}>
                    {website.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="version"
            control={control}
            render={({ field }) => (
              <TextField select label="Version" {...field} sx={{ flex: 1 }}>
                <MenuItem value="v1.0">v1.0</MenuItem>
              </TextField>
            )}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
          <Button variant="outlined" loading={formState.isSubmitting} onClick={() => void submit()}>
            Register webhook
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
