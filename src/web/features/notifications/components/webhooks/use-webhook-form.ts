import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Webhook } from '../../../../../api/client/types.gen.ts';
import { useWebsitesQuery } from '../../../../lib/api/websites-query.ts';
import { applyServerError } from '../../../../lib/form-errors.ts';
import { useCreateWebhookMutation } from '../../api/use-create-webhook-mutation.ts';
import { useUpdateWebhookMutation } from '../../api/use-update-webhook-mutation.ts';
import {
  toWebhookFormValues,
  WEBHOOK_FIELDS,
  webhookFormSchema,
  type WebhookFormInput,
  type WebhookFormValues,
} from '../../lib/webhook-form.ts';

/**
 * Registering or editing a webhook, wherever it happens: one schema, one request, and the server's
 * refusals put on the field they name (or returned as `formError` when they name none).
 */
export function useWebhookForm({ webhook, onSaved }: { webhook?: Webhook; onSaved: (saved: Webhook) => void }) {
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

  const submit = form.handleSubmit(async ({ url, website_id, version, enabled }) => {
    setFormError(null);
    try {
      const saved = webhook
        ? await update.mutateAsync({
            path: { id: webhook.webhook_id },
            query: { version },
            body: { url, website_id, version, enabled },
          })
        : await create.mutateAsync({ body: { url, website_id, version } });
      onSaved(saved);
    } catch (error) {
      if (!applyServerError(error, form.setError, WEBHOOK_FIELDS)) setFormError(error);
    }
  });

  return { form, websites, websiteChoices, submit, formError, editing: Boolean(webhook) };
}
