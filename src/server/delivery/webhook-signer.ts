import { Webhook } from 'standardwebhooks';

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers for one attempt: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed with the webhook's `whsec_` secret.
 */
export function signatureHeaders(secret: string, messageId: string, sentAt: Date, body: string): SignatureHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
  };
}
