/**
 * Which secrets sign a webhook's deliveries. After a rotation the previous secret keeps signing for
 * a day beside the new one, so a receiver can switch to the new secret without rejecting anything.
 */

/** How long the secret replaced by a rotation keeps signing. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export interface StoredSecrets {
  secret: string;
  previous_secret: string | null;
  /** Unix milliseconds. */
  previous_secret_expires_at: number | null;
}

/** Unix milliseconds until which the previous secret still signs, or null when it no longer does. */
export function previousSecretExpiresAt(
  webhook: Pick<StoredSecrets, 'previous_secret_expires_at'>,
  now: number,
): number | null {
  const expiresAt = webhook.previous_secret_expires_at;
  return expiresAt !== null && now < expiresAt ? expiresAt : null;
}

/** The secrets that sign a delivery sent at `now`: the current one first, then the previous one while it lasts. */
export function signingSecrets(webhook: StoredSecrets, now: number): [string, ...string[]] {
  const previous = webhook.previous_secret;
  return previous !== null && previousSecretExpiresAt(webhook, now) !== null
    ? [webhook.secret, previous]
    : [webhook.secret];
}

/** The columns a rotation at `now` writes: `fresh` becomes the secret, the current one the previous. */
export function rotatedSecrets(current: string, fresh: string, now: number): StoredSecrets {
  return { secret: fresh, previous_secret: current, previous_secret_expires_at: now + PREVIOUS_SECRET_GRACE_MS };
}
