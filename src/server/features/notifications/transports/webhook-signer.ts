import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'livesession-signature': string;
}

/**
 * The hosted service's own signature, which receivers written for it check: base64 of HMAC-SHA256
 * over the raw body, keyed with the secret's UTF-8 bytes exactly as the dashboard shows it
 * (`whsec_…` included, not decoded as Standard Webhooks does).
 */
export function hostedSignature(secret: string, body: string): string {
  return crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('base64');
}

/**
 * The Standard Webhooks headers for one attempt: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed with the webhook's `whsec_` secret; and the hosted service's
 * `LiveSession-Signature` over the same body.
 */
export function signatureHeaders(secret: string, messageId: string, sentAt: Date, body: string): SignatureHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
    'livesession-signature': hostedSignature(secret, body),
  };
}
