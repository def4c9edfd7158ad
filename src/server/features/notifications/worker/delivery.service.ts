/**
 * The rules of one delivery attempt: send to the message's target, record the attempt, and decide
 * what happens next (delivered, retried at the next time, failed), keeping the webhook's health.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../../db/database.ts';
import { setFlagOfAlertsUsingWebhook } from '../alerts/alerts.repository.ts';
import type { WebhooksTable } from '../webhooks/webhooks.table.ts';
import {
  disableWebhookRow,
  findWebhookRow,
  markWebhookFailing,
  markWebhookHealthy,
} from '../webhooks/webhooks.repository.ts';
import { signingSecrets } from '../webhooks/signing-secrets.ts';
import { DISABLED_NOTE, alertFlagReason, disabledReason, webhookHealth } from '../webhooks/webhook-health.ts';
import { newId } from '../../../lib/ids.ts';
import { type AttemptOutcome, permanentFailure } from '../transports/attempt-outcome.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';
import { postChatMessage } from '../transports/chat-client.ts';
import { chatMessage } from '../transports/chat-message.ts';
import { parseDeliveryBody } from '../outbox/delivery-payload.ts';
import {
  type MessageSettlement,
  type OutboxMessage,
  insertAttempt,
  releaseClaim,
  settleMessage,
} from '../outbox/outbox.repository.ts';
import { sendWebhook } from '../transports/webhook-client.ts';

export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export interface DeliverySettings {
  allowHttp: boolean;
  allowPrivate: boolean;
  chatApiUrl: string;
  chatBotToken: string | undefined;
  requestTimeoutMs: number;
}

export interface DeliveryContext {
  db: Db;
  workerId: string;
  clock: Clock;
  /** [0, 1), for the retry jitter. */
  random: () => number;
  settings: DeliverySettings;
  /** Aborted when the worker stops: the request is dropped and the claim given back. */
  signal: AbortSignal;
}

export type DeliveryResult = { status: MessageSettlement['status']; outcome: AttemptOutcome } | { status: 'released' };

interface Attempt {
  outcome: AttemptOutcome;
  /** The webhook actually sent to, whose health the outcome says something about. */
  webhook: WebhooksTable | null;
}

async function attemptWebhook(context: DeliveryContext, message: OutboxMessage, webhookId: string): Promise<Attempt> {
  const webhook = await findWebhookRow(context.db, message.account_id, webhookId);
  if (!webhook) return { outcome: permanentFailure('The webhook no longer exists; nothing was sent.'), webhook: null };
  if (webhook.enabled !== 1) {
    const why = webhook.disabled_reason ? ` (${webhook.disabled_reason})` : '';
    return { outcome: permanentFailure(`The webhook is disabled${why}; nothing was sent.`), webhook: null };
  }
  const { settings } = context;
  const target = { url: webhook.url, secrets: signingSecrets(webhook, context.clock.now()) };
  const outcome = await sendWebhook(target, message, {
    timeoutMs: settings.requestTimeoutMs,
    allowHttp: settings.allowHttp,
    allowPrivate: settings.allowPrivate,
    signal: context.signal,
  });
  return { outcome, webhook };
}

async function attemptChat(context: DeliveryContext, message: OutboxMessage, channel: string): Promise<Attempt> {
  const { settings } = context;
  if (!settings.chatBotToken) {
    return {
      outcome: permanentFailure('Chat is not configured on this server (CHAT_BOT_TOKEN is not set); nothing was sent.'),
      webhook: null,
    };
  }
  const outcome = await postChatMessage(chatMessage(channel, parseDeliveryBody(message.payload)), {
    apiUrl: settings.chatApiUrl,
    botToken: settings.chatBotToken,
    timeoutMs: settings.requestTimeoutMs,
    signal: context.signal,
  });
  return { outcome, webhook: null };
}

function attempt(context: DeliveryContext, message: OutboxMessage): Promise<Attempt> {
  if (message.webhook_id) return attemptWebhook(context, message, message.webhook_id);
  if (message.chat_channel_id) return attemptChat(context, message, message.chat_channel_id);
  return Promise.resolve({ outcome: permanentFailure('The message has no target.'), webhook: null });
}

/** What the message becomes after this attempt: delivered, retried at the next time, or failed. */
function settlementFor(
  message: OutboxMessage,
  outcome: AttemptOutcome,
  now: number,
  random: () => number,
  webhookDisabled: boolean,
): MessageSettlement {
  const attempts = message.attempts + 1;
  const unchanged = { attempts, next_attempt_at: message.next_attempt_at };
  if (outcome.ok) return { ...unchanged, status: 'delivered', delivered_at: now, last_error: null };
  if (webhookDisabled) {
    const error = `${outcome.error} ${DISABLED_NOTE}`;
    return { ...unchanged, status: 'failed', delivered_at: null, last_error: error };
  }
  const delay = outcome.permanent ? null : (outcome.retryAfterMs ?? retryDelayMs(attempts, random));
  if (delay === null || attempts >= MAX_ATTEMPTS) {
    return { ...unchanged, status: 'failed', delivered_at: null, last_error: outcome.error };
  }
  return { attempts, status: 'pending', next_attempt_at: now + delay, delivered_at: null, last_error: outcome.error };
}

/** A failed send to a webhook whose health says so switches it off. */
function shouldDisable(webhook: WebhooksTable | null, outcome: AttemptOutcome, now: number): boolean {
  if (webhook === null || outcome.ok) return false;
  return webhookHealth({
    enabled: webhook.enabled === 1,
    failingSince: webhook.failing_since,
    hasDelivered: webhook.first_delivered_at !== null,
    now,
  }).disableOnFailure;
}

/** Runs one attempt of a claimed message and records it; gives the claim back if the worker stopped meanwhile. */
export async function deliverMessage(context: DeliveryContext, message: OutboxMessage): Promise<DeliveryResult> {
  const { db, clock } = context;
  const attemptedAt = clock.now();
  const started = performance.now();
  const { outcome, webhook } = await attempt(context, message);
  // A success that raced the stop is still recorded; anything else may have been cut short by it.
  if (context.signal.aborted && !outcome.ok) {
    await releaseClaim(db, message, context.workerId);
    return { status: 'released' };
  }
  const durationMs = Math.round(performance.now() - started);
  const now = clock.now();
  const disable = shouldDisable(webhook, outcome, now);
  const settlement = settlementFor(message, outcome, now, context.random, disable);
  const error = outcome.ok ? null : outcome.error;

  await db.transaction().execute(async (trx) => {
    await insertAttempt(trx, {
      account_id: message.account_id,
      id: newId('att'),
      message_id: message.id,
      attempted_at: attemptedAt,
      duration_ms: durationMs,
      status_code: outcome.statusCode,
      error,
      next_attempt_at: settlement.status === 'pending' ? settlement.next_attempt_at : null,
    });
    await settleMessage(trx, message, context.workerId, settlement);
    if (!webhook) return;
    if (outcome.ok) await markWebhookHealthy(trx, message.account_id, webhook.id, now);
    else await markWebhookFailing(trx, message.account_id, webhook.id, now);
    const reason = disabledReason(webhook.failing_since ?? now, error);
    if (disable && (await disableWebhookRow(trx, message.account_id, webhook.id, reason))) {
      await setFlagOfAlertsUsingWebhook(trx, message.account_id, webhook.id, alertFlagReason(webhook.id));
    }
  });
  return { status: settlement.status, outcome };
}
