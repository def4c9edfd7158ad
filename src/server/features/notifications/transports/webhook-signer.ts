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
 * The Standard Webhooks headers for one attempt: one `v1,` entry per secret (space-separated, as
 * Standard Webhooks allows), each the base64 HMAC-SHA256 of `id.timestamp.body` keyed with that
 * `whsec_` secret; and the hosted service's `LiveSession-Signature` over the same body. That header
 * holds a single value which receivers compare whole, so it is signed with the first (current)
 * secret only: the one the dashboard shows.
 */
export function signatureHeaders(
  secrets: readonly [string, ...string[]],
  messageId: string,
  sentAt: Date,
  body: string,
): SignatureHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
    'livesession-signature': hostedSignature(secrets[0], body),
  };
}
