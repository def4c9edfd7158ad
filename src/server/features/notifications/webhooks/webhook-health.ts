/**
 * The health of a webhook and of the alerts that send to it, in one place. A webhook that has never
 * delivered says so; one that has is succeeding until a delivery to it fails. From that first failure
 * (`failingSince`, cleared by the next success) it is retrying, and failing once that has lasted more
 * than an hour (one slow receiver should not alarm anyone): exactly then its alerts show their target
 * as failing. A failure after 3 days without a success disables the webhook and flags its alerts.
 * Switching it back on starts it afresh.
 */

import type { WEBHOOK_HEALTH_STATES } from '../../../../api/schemas/webhooks.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Failures shorter than this do not yet make the alerts' target count as failing. */
export const FAILING_GRACE_MS = HOUR_MS;

/** A webhook with no successful delivery for this long is disabled at its next failure. */
export const DISABLE_AFTER_FAILING_MS = 72 * HOUR_MS;

export type WebhookHealthState = (typeof WEBHOOK_HEALTH_STATES)[number];

export interface WebhookHealthInput {
  enabled: boolean;
  /** Unix milliseconds of the first failure since the last success, or null. */
  failingSince: number | null;
  /** Some delivery to it has ever succeeded. */
  hasDelivered: boolean;
  /** Unix milliseconds. */
  now: number;
}

export interface WebhookHealth {
  state: WebhookHealthState;
  /** A failed delivery now switches the webhook off (and flags its alerts). */
  disableOnFailure: boolean;
  /** Alerts sending to the webhook show their target as failing (`target_healthy: false`). */
  targetFailing: boolean;
}

export function webhookHealth({ enabled, failingSince, hasDelivered, now }: WebhookHealthInput): WebhookHealth {
  if (!enabled) return { state: 'disabled', disableOnFailure: false, targetFailing: true };
  if (failingSince === null) {
    return { state: hasDelivered ? 'succeeding' : 'no_deliveries', disableOnFailure: false, targetFailing: false };
  }
  const failingFor = now - failingSince;
  const targetFailing = failingFor > FAILING_GRACE_MS;
  return {
    state: targetFailing ? 'failing' : 'retrying',
    disableOnFailure: failingFor >= DISABLE_AFTER_FAILING_MS,
    targetFailing,
  };
}

/** What the webhook records when it is disabled. */
export function disabledReason(failingSince: number, lastError: string | null): string {
  const since = new Date(failingSince).toISOString();
  return `No successful delivery for 3 days (failing since ${since}); last error: ${lastError ?? 'unknown'}`.slice(
    0,
    1000,
  );
}

/** What each of its alerts records when the webhook is disabled. */
export function alertFlagReason(webhookId: string): string {
  return `Its webhook ${webhookId} was disabled after 3 days without a successful delivery; fix the receiver, then switch the webhook back on.`;
}

/** Added to the last error of the message whose failure disabled the webhook. */
export const DISABLED_NOTE = 'The webhook has been disabled after 3 days without a successful delivery.';

/**
 * Switching a disabled webhook back on is the person's answer to its being disabled: it starts
 * afresh, with no failures, no disabled reason and its alerts' flags cleared.
 */
export function startsAfresh(wasEnabled: boolean, enabled: boolean | undefined): boolean {
  return enabled === true && !wasEnabled;
}
