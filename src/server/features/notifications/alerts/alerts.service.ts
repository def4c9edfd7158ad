import { EVENT_KIND, RAGE_CLICK, rageClickThreshold } from '../../../../api/event-catalogue.ts';
import {
  type AlertEventValue,
  type AlertResource,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '../../../../api/schemas/alerts.ts';
import type { Db } from '../../../db/database.ts';
import { errors } from '../../../errors.ts';
import { characterCount } from '../../../lib/characters.ts';
import { newId } from '../../../lib/ids.ts';
import { findWebhookRow } from '../webhooks/webhooks.repository.ts';
import {
  type AlertWithTargetRow,
  deleteAlertRow,
  findAlertRow,
  findAlertRowWithTarget,
  insertAlert,
  listAlertRowsWithTarget,
  lockAlerts,
  type AlertSettings,
  updateAlertRow,
} from './alerts.repository.ts';
import { DEFAULT_QUIET_PERIOD_MINUTES, summaryDueAt } from './quiet-period.ts';
import { quietStateOf } from './quiet-state.ts';
import { webhookHealth } from '../webhooks/webhook-health.ts';
import { type AlertProvider, canonicalProvider, requestedChatChannel, withDefaultValues } from './alert-input.ts';
import type { AlertsTable } from './alerts.table.ts';
import { resolveThreshold, sameThreshold } from './threshold-input.ts';
import { type ChatChannelLookup, checkChatChannel } from './chat-channel-check.ts';

/** What the health of an alert's target depends on besides its own rows. */
export interface AlertTargetContext {
  /** The server has a chat bot token (CHAT_BOT_TOKEN). */
  chatConfigured: boolean;
  /** Asks the chat API whether the bot can post to a channel; absent or null without a bot token. */
  lookUpChatChannel?: ChatChannelLookup | null;
}

/** Callers that ignore the returned resource (the demo seed) need not say. */
const UNKNOWN_CONTEXT: AlertTargetContext = { chatConfigured: false };

/** The field a request named its channel under: `slack_channel_id` only when it sent that name alone. */
function channelField(input: Pick<UpdateAlertInput, 'chat_channel_id' | 'slack_channel_id'>) {
  return input.chat_channel_id === undefined && input.slack_channel_id !== undefined
    ? 'slack_channel_id'
    : 'chat_channel_id';
}

function isTargetHealthy(row: AlertWithTargetRow, context: AlertTargetContext, now: number): boolean {
  if (row.provider === 'chat') return context.chatConfigured;
  // No webhook row: the alert points at nothing.
  if (row.webhook_enabled === null) return false;
  return !webhookHealth({
    enabled: row.webhook_enabled === 1,
    failingSince: row.webhook_failing_since,
    hasDelivered: row.webhook_first_delivered_at !== null,
    now,
  }).targetFailing;
}

export function toAlertResource(row: AlertWithTargetRow, context: AlertTargetContext, now = Date.now()): AlertResource {
  return {
    alert_id: row.id,
    name: row.name,
    events: JSON.parse(row.events) as AlertEventValue[],
    provider: row.provider as AlertResource['provider'],
    chat_channel_id: row.chat_channel_id,
    slack_channel_id: row.chat_channel_id,
    webhook_id: row.webhook_id,
    enabled: row.enabled === 1,
    creation_date: new Date(row.created_at).toISOString(),
    last_fired_at: row.last_fired_at === null ? null : new Date(row.last_fired_at).toISOString(),
    flagged_reason: row.flagged_reason,
    target_healthy: isTargetHealthy(row, context, now),
    quiet_period_minutes: row.quiet_period_minutes,
    snoozed_until: row.snoozed_until === null ? null : new Date(row.snoozed_until).toISOString(),
    suppressed_count: row.suppressed_count,
    suppressed_since: row.suppressed_since === null ? null : new Date(row.suppressed_since).toISOString(),
    threshold_count: row.threshold_count,
    threshold_window_minutes: row.threshold_window_minutes,
  };
}

async function requireAlert(
  db: Db,
  accountId: string,
  alertId: string,
  context: AlertTargetContext,
): Promise<AlertResource> {
  const row = await findAlertRowWithTarget(db, accountId, alertId);
  if (!row) throw errors.notFound('Alert');
  return toAlertResource(row, context);
}

function normaliseName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw errors.validation('too_short', 'name must not be blank', 'name');
  if (characterCount(trimmed) > 100) throw errors.validation('too_long', 'name must be at most 100 characters', 'name');
  return trimmed;
}

export function checkEvents(input: CreateAlertInput['events']): AlertEventValue[] {
  const events = withDefaultValues(input);
  events.forEach((event, index) => {
    if (event.kind !== EVENT_KIND.rageClick) return;
    if (Number.isNaN(rageClickThreshold(event.value))) {
      throw errors.validation(
        'invalid_value',
        `A rage click value is the minimum number of rapid clicks, a whole number from ${RAGE_CLICK.minClicks} to ${RAGE_CLICK.maxThreshold}`,
        `events.${index}.value`,
      );
    }
  });
  return events.map((event) => ({
    kind: event.kind,
    value: event.kind === EVENT_KIND.rageClick ? event.value.trim() : event.value,
  }));
}

/** Unix milliseconds of a requested `snoozed_until` (the schema checked its form). */
function snoozeTime(value: string | null): number | null;
function snoozeTime(value: string | null | undefined): number | null | undefined;
function snoozeTime(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw errors.validation('invalid_value', 'snoozed_until must be an ISO 8601 date-time', 'snoozed_until');
  return time;
}

interface Target {
  provider: AlertProvider;
  chat_channel_id: string | null;
  webhook_id: string | null;
}

/** A channel this request sets, to check before it is stored; null when the channel stays as it was. */
type ChannelToCheck = { field: 'chat_channel_id' | 'slack_channel_id'; lookUp: ChatChannelLookup | null } | null;

/**
 * Enforces the provider rule on the merged alert and nulls the other provider's field. A chat
 * channel the request sets is checked (form, then the chat API); one kept from before is not, so
 * that editing an alert does not depend on the chat service.
 */
async function resolveTarget(db: Db, accountId: string, target: Target, channelCheck: ChannelToCheck): Promise<Target> {
  if (target.provider === 'chat') {
    if (!target.chat_channel_id) {
      throw errors.validation('required', 'chat_channel_id is required when provider is chat', 'chat_channel_id');
    }
    if (channelCheck) await checkChatChannel(target.chat_channel_id, channelCheck.field, channelCheck.lookUp);
    return { provider: 'chat', chat_channel_id: target.chat_channel_id, webhook_id: null };
  }
  if (!target.webhook_id) {
    throw errors.validation('required', 'webhook_id is required when provider is webhooks', 'webhook_id');
  }
  if (!(await findWebhookRow(db, accountId, target.webhook_id))) {
    throw errors.validation('unknown_webhook', `No webhook ${target.webhook_id} in this account`, 'webhook_id');
  }
  return { provider: 'webhooks', chat_channel_id: null, webhook_id: target.webhook_id };
}

export async function createAlert(
  db: Db,
  accountId: string,
  input: CreateAlertInput,
  context: AlertTargetContext = UNKNOWN_CONTEXT,
): Promise<AlertResource> {
  const row: AlertsTable = {
    account_id: accountId,
    id: newId('alr'),
    name: normaliseName(input.name),
    events: JSON.stringify(checkEvents(input.events)),
    ...(await resolveTarget(
      db,
      accountId,
      {
        provider: canonicalProvider(input.provider),
        chat_channel_id: requestedChatChannel(input) ?? null,
        webhook_id: input.webhook_id ?? null,
      },
      { field: channelField(input), lookUp: context.lookUpChatChannel ?? null },
    )),
    enabled: 1,
    created_at: Date.now(),
    last_fired_at: null,
    flagged_reason: null,
    quiet_period_minutes: input.quiet_period_minutes ?? DEFAULT_QUIET_PERIOD_MINUTES,
    notified_at: null,
    suppressed_count: 0,
    suppressed_since: null,
    suppressed_event: null,
    summary_due_at: null,
    snoozed_until: snoozeTime(input.snoozed_until) ?? null,
    ...resolveThreshold(input),
    threshold_matches_at: null,
  };
  await insertAlert(db, row);
  return requireAlert(db, accountId, row.id, context);
}

export async function updateAlert(
  db: Db,
  accountId: string,
  alertId: string,
  input: UpdateAlertInput,
  context: AlertTargetContext = UNKNOWN_CONTEXT,
): Promise<AlertResource> {
  const stored = await findAlertRow(db, accountId, alertId);
  if (!stored) throw errors.notFound('Alert');
  const chatChannel = requestedChatChannel(input);
  const provider =
    input.provider === undefined ? (stored.provider as AlertProvider) : canonicalProvider(input.provider);
  const channelSet = chatChannel !== undefined || (provider === 'chat' && stored.provider !== 'chat');
  const settings: AlertSettings = {
    name: input.name === undefined ? stored.name : normaliseName(input.name),
    events: input.events === undefined ? stored.events : JSON.stringify(checkEvents(input.events)),
    ...(await resolveTarget(
      db,
      accountId,
      {
        provider,
        chat_channel_id: chatChannel === undefined ? stored.chat_channel_id : chatChannel,
        webhook_id: input.webhook_id === undefined ? stored.webhook_id : input.webhook_id,
      },
      channelSet ? { field: channelField(input), lookUp: context.lookUpChatChannel ?? null } : null,
    )),
    enabled: input.enabled === undefined ? stored.enabled : Number(input.enabled),
    quiet_period_minutes: input.quiet_period_minutes ?? stored.quiet_period_minutes,
    snoozed_until: input.snoozed_until === undefined ? stored.snoozed_until : snoozeTime(input.snoozed_until),
    ...resolveThreshold(input, stored),
  };
  await db.transaction().execute(async (trx) => {
    // Matches already held back go out when the (possibly new) quiet period says.
    const [locked] = await lockAlerts(trx, accountId, [alertId]);
    const state = locked ? { ...quietStateOf(locked), quietPeriodMinutes: settings.quiet_period_minutes } : null;
    await updateAlertRow(trx, accountId, alertId, {
      ...settings,
      summary_due_at: state ? summaryDueAt(state) : null,
      // A changed threshold counts afresh: matches counted toward the old one do not carry over.
      ...(locked && !sameThreshold(locked, settings) ? { threshold_matches_at: null } : {}),
    });
  });
  return requireAlert(db, accountId, alertId, context);
}

export async function listAlerts(db: Db, accountId: string, context: AlertTargetContext): Promise<AlertResource[]> {
  const now = Date.now();
  return (await listAlertRowsWithTarget(db, accountId)).map((row) => toAlertResource(row, context, now));
}

export async function deleteAlert(
  db: Db,
  accountId: string,
  alertId: string,
): Promise<{ alert_id: string; deleted: true }> {
  if (!(await deleteAlertRow(db, accountId, alertId))) throw errors.notFound('Alert');
  return { alert_id: alertId, deleted: true };
}
