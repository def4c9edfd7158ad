/**
 * What ingestion asks of notifications, in one function: called inside the ingestion transaction,
 * it matches the batch's events against the website's enabled alerts and writes one outbox message
 * per match, so an accepted event and its deliveries are durable together.
 */
import { isAlertEventKind } from '../../../api/event-catalogue.ts';
import type { AlertEventValue } from '../../../api/schemas/alerts.ts';
import type { Db } from '../../db/database.ts';
import type { SessionsTable, VisitorsTable } from '../sessions/sessions.table.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { listEnabledAlertsForWebsite } from './alerts/alerts.repository.ts';
import { type MatchableEvent, matchAlerts } from './alerts/match-alerts.ts';
import { enqueueAlertMessages } from './outbox/enqueue.ts';
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
  /** Unix milliseconds. */
  now: number;
}

export interface Notified {
  /** Outbox messages written. */
  queued: number;
  /**
   * Call once the transaction has committed: wakes this process's delivery workers when messages
   * were queued (before the commit other connections cannot see them yet).
   */
  afterCommit(): void;
}

export async function notifyMatchingAlerts(trx: Db, input: MatchingAlertsInput): Promise<Notified> {
  let queued = 0;
  const candidates = input.events.filter((event) => isAlertEventKind(event.kind));
  if (candidates.length > 0) {
    const alerts = (await listEnabledAlertsForWebsite(trx, input.accountId, input.website.id)).map((row) => ({
      row,
      events: JSON.parse(row.events) as AlertEventValue[],
    }));
    for (const event of alerts.length > 0 ? candidates : []) {
      const matched = matchAlerts(alerts, event);
      if (matched.length === 0) continue;
      const ids = await enqueueAlertMessages(trx, {
        accountId: input.accountId,
        publicUrl: input.publicUrl,
        alerts: matched.map((alert) => alert.row),
        event: { kind: event.kind, occurred_at: event.occurredAt, data: JSON.stringify(event.details) },
        session: input.session,
        visitor: input.visitor,
        website: input.website,
        now: input.now,
      });
      queued += ids.length;
    }
  }
  return {
    queued,
    afterCommit: () => {
      if (queued > 0) wakeDeliveryWorkers();
    },
  };
}
