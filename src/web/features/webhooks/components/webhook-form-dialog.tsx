import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useCreateWebhookMutation } from '../api/use-create-webhook-mutation.ts';
import { useUpdateWebhookMutation } from '../api/use-update-webhook-mutation.ts';
import { useWebsitesQuery } from '../api/use-websites-query.ts';
import {
  toWebhookFormValues,
  WEBHOOK_FIELDS,
  webhookFormSchema,
  type WebhookFormInput,
  type WebhookFormValues,
} from '../lib/webhook-form.ts';
import { WebhookFormFields } from './webhook-form-fields.tsx';

/** Registers a webhook, or edits `webhook` when given. Mounted only while open, so every opening starts fresh. */
export function WebhookFormDialog({ webhook, onClose }: { webhook?: Webhook; onClose: () => void }) {
  const websites = useWebsitesQuery();
  const create = useCreateWebhookMutation();
  const update = useUpdateWebhookMutation();
  const [formError, setFormError] = useState<unknown>(null);
  // Until the websites arrive, the edited webhook's own website stands in, so the picker can show it.
  const websiteChoices =
    websites.data ?? (webhook ? [{ website_id: webhook.website_id, name: webhook.website, host: '' }] : []);
  const onlyWebsite = websites.data?.length === 1 ? (websites.data[0]?.website_id ?? '') : '';
  const form = useForm<WebhookFormInput, unknown, WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: toWebhookFormValues(webhook, onlyWebsite),
  });

  const onError = (error: unknown) => {
    if (!applyServerError(error, form.setError, WEBHOOK_FIELDS)) setFormError(error);
  };
  const onSubmit = form.handleSubmit(({ url, website_id, version, enabled }) => {
    setFormError(null);
    if (webhook) {
      update.mutate(
        { path: { id: webhook.webhook_id }, query: { version }, body: { url, website_id, version, enabled } },
        { onSuccess: onClose, onError },
      );
    } else {
      create.mutate({ body: { url, website_id, version } }, { onSuccess: onClose, onError });
    }
  });
  const title = webhook ? 'Edit webhook' : 'Register a webhook';

  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-form-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="webhook-form-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {formError ? (
            <ApiErrorAlert
              error={formError}
              title={webhook ? 'The webhook was not saved' : 'The webhook was not registered'}
            />
          ) : null}
          {websites.isError ? <ApiErrorAlert error={websites.error} title="The websites could not be loaded" /> : null}
          <WebhookFormFields form={form} websites={websiteChoices} editing={Boolean(webhook)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {webhook ? 'Save' : 'Register'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
