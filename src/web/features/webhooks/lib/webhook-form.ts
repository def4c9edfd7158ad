import { z } from 'zod';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import { zCreateWebhookBody } from '../../../../api/client/zod.gen.ts';

/** Body fields a server 400 may name; its message then shows under that field. */
export const WEBHOOK_FIELDS = ['url', 'website_id', 'version', 'enabled'] as const;

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * The generated body schema with messages for people. Only the shape of the URL is checked here: whether
 * plain http is allowed and whether the host is public are the server's to say.
 */
export const webhookFormSchema = zCreateWebhookBody.extend({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the address that should receive alerts')
    .max(2048, 'Use an address of at most 2048 characters')
    .refine(isWebAddress, 'Enter a full address, such as https://hooks.example.com/alerts'),
  website_id: z.string().min(1, 'Choose a website'),
  enabled: z.boolean(),
});

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

export function toWebhookFormValues(webhook: Webhook | undefined, defaultWebsiteId: string): WebhookFormInput {
  return {
    url: webhook?.url ?? '',
    website_id: webhook?.website_id ?? defaultWebsiteId,
    version: webhook?.version ?? 'v1.0',
    enabled: webhook?.enabled ?? true,
  };
}
