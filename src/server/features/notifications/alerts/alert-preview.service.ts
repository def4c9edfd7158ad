/**
 * The preview of an unsaved alert: how often it would have fired over the last 7 days, from the
 * stored events, and how many messages flood control would have sent. One preview examines at most
 * PREVIEW_EVENT_LIMIT events of the rule's kinds (the newest); beyond that it says it is truncated.
 */
import { isAlertEventKind } from '../../../../api/event-catalogue.ts';
import type { AlertPreviewInput, AlertPreviewResult } from '../../../../api/schemas/alerts.ts';
import type { Db } from '../../../db/database.ts';
import { errors } from '../../../errors.ts';
import { recentEventsOfKinds } from '../../sessions/session-events.service.ts';
import { findWebhookRow } from '../webhooks/webhooks.repository.ts';
import { replayAlert } from './alert-preview.ts';
import { checkEvents } from './alerts.service.ts';
import { type EventDetails, matchAlerts } from './match-alerts.ts';
import { DEFAULT_QUIET_PERIOD_MINUTES } from './quiet-period.ts';
import { resolveThreshold } from './threshold-input.ts';
import { thresholdOf } from './threshold-window.ts';

export const PREVIEW_DAYS = 7;
/** Enough for a week of a busy site's errors; a preview stays well under a second on either database. */
export const PREVIEW_EVENT_LIMIT = 20_000;

const DAY_MS = 86_400_000;

function detailsOf(data: string): EventDetails {
  const value: unknown = JSON.parse(data);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as EventDetails) : {};
}

/** The website the alert would fire for: its webhook's, or (chat, no webhook) every website of the account. */
async function websiteOf(db: Db, accountId: string, webhookId: string | null | undefined): Promise<string | null> {
  if (webhookId === undefined || webhookId === null) return null;
  const webhook = await findWebhookRow(db, accountId, webhookId);
  if (!webhook) throw errors.validation('unknown_webhook', `No webhook ${webhookId} in this account`, 'webhook_id');
  return webhook.website_id;
}

export async function previewAlert(
  db: Db,
  accountId: string,
  input: AlertPreviewInput,
  { now = Date.now(), limit = PREVIEW_EVENT_LIMIT }: { now?: number; limit?: number } = {},
): Promise<AlertPreviewResult> {
  const rule = { events: checkEvents(input.events) };
  const columns = resolveThreshold(input);
  const websiteId = await websiteOf(db, accountId, input.webhook_id);
  const since = now - PREVIEW_DAYS * DAY_MS;
  const kinds = [...new Set(rule.events.map((event) => event.kind))];
  const stored = await recentEventsOfKinds(db, { accountId, kinds, since, websiteId, limit: limit + 1 });
  const truncated = stored.length > limit;
  const examined = truncated ? stored.slice(0, limit) : stored;
  const matchTimes = examined
    .flatMap(({ kind, data, occurredAt }) =>
      isAlertEventKind(kind) && matchAlerts([rule], { kind, details: detailsOf(data) }).length > 0 ? [occurredAt] : [],
    )
    .reverse();
  const counts = replayAlert(
    {
      threshold: thresholdOf(columns.threshold_count, columns.threshold_window_minutes),
      quietPeriodMinutes: input.quiet_period_minutes ?? DEFAULT_QUIET_PERIOD_MINUTES,
    },
    matchTimes,
    now,
  );
  const from = truncated ? (examined.at(-1)?.occurredAt ?? since) : since;
  return {
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    scanned_events: examined.length,
    ...counts,
    truncated,
  };
}
