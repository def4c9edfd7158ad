import { z } from 'zod';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import { zCreateWebhookBody } from '../../../../api/client/zod.gen.ts';

/** Body fields a server 400 may name; its message then shows under that field. */
export const WEBHOOK_FIELDS = ['url', 'website_id', 'version', 'enabled'] as const;

/** Longest address the server stores. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * The server's rule for a webhook address, as far as it can be checked without the server: an absolute
 * http(s) URL without a user name or password, at most 2048 characters once trimmed. Whether plain http
 * is accepted (only where the server allows it) and whether the host is public are the server's to say;
 * its answer is shown on the field.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address that should receive alerts')
  .max(WEBHOOK_URL_MAX_LENGTH, `Use an address of at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine(isWebAddress, 'Enter a full address, such as https://hooks.example.com/alerts')
  .refine(hasNoCredentials, 'Leave out the user name and password: deliveries are signed with the webhook’s secret');

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

function hasNoCredentials(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const { username, password } = new URL(value);
  return username === '' && password === '';
}

/** The generated body schema with messages for people; the one schema of every webhook form. */
export const webhookFormSchema = zCreateWebhookBody.extend({
  url: webhookUrlSchema,
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
