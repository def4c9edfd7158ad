/**
 * What ingestion asks of notifications, in one function: called inside the ingestion transaction,
 * it matches the batch's events against the website's enabled alerts, counts each match toward the
 * alert's threshold (if it has one) and, for matches that reach it, within each alert's quiet period,
 * either writes an outbox message or holds the match back and counts it. The alerts are
 * locked meanwhile, so concurrent batches count exactly, and an accepted event and what it caused
 * are durable together.
 */
import { isAlertEventKind } from '../../../api/event-catalogue.ts';
import type { AlertEventValue } from '../../../api/schemas/alerts.ts';
import type { Db } from '../../db/database.ts';
import type { SessionsTable, VisitorsTable } from '../sessions/sessions.table.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { listEnabledAlertsForWebsite, lockAlerts, saveAlertQuietState } from './alerts/alerts.repository.ts';
import { type HeldEvent, heldEventText } from './alerts/held-event.ts';
import { type MatchableEvent, matchAlerts } from './alerts/match-alerts.ts';
import { onMatch } from './alerts/quiet-period.ts';
import { quietColumns, quietStateOf } from './alerts/quiet-state.ts';
import { onThresholdMatch, parseWindowTimes, thresholdOf, windowTimesText } from './alerts/threshold-window.ts';
import { alertMessageRow, alertTarget, deliveryEvent } from './outbox/enqueue.ts';
import { insertMessages } from './outbox/outbox.repository.ts';
import type { OutboxMessagesTable } from './outbox/outbox.table.ts';
import { wakeDeliveryWorkers } from './worker/delivery-signal.ts';

export interface NotifiedEvent extends MatchableEvent {
  /** Unix milliseconds, server clock. */
  occurredAt: number;
}

export interface MatchingAlertsInput {
  accountId: string;
  website: Pick<WebsitesTable, 'id'>;
  /** PUBLIC_URL: the base of each message's `session_url`. */
  publicUrl: string;
  /** The session and visitor rows as ingestion just wrote them. */
  session: Pick<SessionsTable, 'id' | 'creation_timestamp' | 'country_code' | 'region' | 'city'>;
  visitor: Pick<VisitorsTable, 'id' | 'name' | 'email' | 'params'>;
  events: readonly NotifiedEvent[];
  /** Unix milliseconds: when the batch arrived, the clock of quiet periods. */
  now: number;
}

export interface Notified {
  /** Outbox messages written. */
  queued: number;
  /** Matches held back by quiet periods. */
  held: number;
  /**
   * Call once the transaction has committed: wakes this process's delivery workers when messages
   * were queued (before the commit other connections cannot see them yet).
   */
  afterCommit(): void;
}

async function matchesOf(trx: Db, input: MatchingAlertsInput) {
  const candidates = input.events.filter((event) => isAlertEventKind(event.kind));
  if (candidates.length === 0) return [];
  const alerts = (await listEnabledAlertsForWebsite(trx, input.accountId, input.website.id))
    .filter((row) => alertTarget(row) !== null)
    .map((row) => ({ id: row.id, events: JSON.parse(row.events) as AlertEventValue[] }));
  return candidates
    .map((event) => ({ event, alertIds: matchAlerts(alerts, event).map((alert) => alert.id) }))
    .filter((match) => match.alertIds.length > 0);
}

export async function notifyMatchingAlerts(trx: Db, input: MatchingAlertsInput): Promise<Notified> {
  const matches = await matchesOf(trx, input);
  const alertIds = [...new Set(matches.flatMap((match) => match.alertIds))];
  // The rows as they are now that no other transaction can change them: these decide.
  const locked = new Map(
    (await lockAlerts(trx, input.accountId, alertIds))
      // A snoozed alert ignores its matches altogether: nothing is sent or counted.
      .filter((row) => row.enabled === 1 && (row.snoozed_until === null || row.snoozed_until <= input.now))
      .map((row) => [
        row.id,
        {
          row,
          state: quietStateOf(row),
          held: row.suppressed_event,
          threshold: thresholdOf(row.threshold_count, row.threshold_window_minutes),
          windowTimes: parseWindowTimes(row.threshold_matches_at),
        },
      ]),
  );
  const messages: OutboxMessagesTable[] = [];
  let held = 0;
  for (const { event, alertIds: matched } of matches) {
    const payload = deliveryEvent({
      publicUrl: input.publicUrl,
      event: { kind: event.kind, occurred_at: event.occurredAt, data: JSON.stringify(event.details) },
      session: input.session,
      visitor: input.visitor,
    });
    for (const alertId of matched) {
      const alert = locked.get(alertId);
      if (!alert) continue;
      const window = onThresholdMatch(alert.threshold, alert.windowTimes, input.now);
      alert.windowTimes = window.times;
      // Below its threshold a match sends nothing and is not held back.
      if (!window.reached) continue;
      const decision = onMatch(alert.state, input.now);
      alert.state = decision.state;
      if (!decision.send) {
        alert.held = heldEventText({ website_id: input.website.id, payload } satisfies HeldEvent);
        held += 1;
        continue;
      }
      const content = {
        accountId: input.accountId,
        websiteId: input.website.id,
        payload,
        folded: decision.folded,
        threshold: alert.threshold && window.matches ? { matches: window.matches, ...alert.threshold } : null,
      };
      const message = alertMessageRow(alert.row, content, input.now);
      if (message) messages.push(message);
    }
  }
  await insertMessages(trx, messages);
  for (const [alertId, alert] of locked) {
    const columns = quietColumns(alert.state, alert.held);
    await saveAlertQuietState(trx, input.accountId, alertId, {
      ...columns,
      threshold_matches_at: windowTimesText(alert.threshold, alert.windowTimes),
      last_fired_at: input.now,
    });
  }
  return {
    queued: messages.length,
    held,
    afterCommit: () => {
      if (messages.length > 0) wakeDeliveryWorkers();
    },
  };
}
