/**
 * The entry point of the pipeline for ingestion: one outbox message per matched alert, written in
 * the caller's transaction so that an accepted event and its deliveries are durable together.
 */
import type { Db } from '../../../db/database.ts';
import type { AlertsTable } from '../alerts/alerts.table.ts';
import { markAlertsFired } from '../alerts/alerts.repository.ts';
import type { SessionsTable, VisitorsTable } from '../../sessions/sessions.table.ts';
import type { WebsitesTable } from '../../websites/websites.table.ts';
import { newId } from '../../../lib/ids.ts';
import { wakeDeliveryWorkers } from '../worker/delivery-signal.ts';
import type { DeliveryBody, DeliveryEvent, VisitorParam } from './delivery-payload.ts';
import {
  eventDetails,
  eventNameOf,
  foldedFields,
  hostedEventFields,
  sessionUrl,
  thresholdFields,
} from './delivery-payload.ts';
import type { OutboxMessagesTable } from './outbox.table.ts';
import { insertMessages } from './outbox.repository.ts';

/** The alert rows that matched (their target fields decide where each message goes). */
export type MatchedAlert = Pick<AlertsTable, 'id' | 'name' | 'provider' | 'webhook_id' | 'chat_channel_id'>;

/** Everything `enqueueAlertMessages` needs; the rows can be passed as ingestion stored them. */
export interface AlertMessagesInput {
  accountId: string;
  /** PUBLIC_URL: the base of each `session_url`. */
  publicUrl: string;
  alerts: readonly MatchedAlert[];
  /** `kind` must be one of the alert event kinds; `data` is the event's details as a JSON object. */
  event: { kind: number; occurred_at: number; data: string };
  /** The session row: its id and where the visitor was. */
  session: Pick<SessionsTable, 'id' | 'creation_timestamp' | 'country_code' | 'region' | 'city'>;
  /** The visitor row; `params` is its JSON array of {name, value}. */
  visitor: Pick<VisitorsTable, 'id' | 'name' | 'email' | 'params'>;
  website: Pick<WebsitesTable, 'id'>;
  /** Unix milliseconds; defaults to the current time. */
  now?: number;
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parseParams(text: string): VisitorParam[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as VisitorParam[]) : [];
}

/** The `payload` of an alert's message: what happened, to whom, and a link into the session. */
export function deliveryEvent(
  input: Pick<AlertMessagesInput, 'publicUrl' | 'event' | 'session' | 'visitor'>,
): DeliveryEvent {
  const { event, session, visitor } = input;
  const details = eventDetails(parseObject(event.data));
  return {
    event_name: eventNameOf(event.kind),
    time: Math.floor(event.occurred_at / 1000),
    session_id: session.id,
    // Opens the replay at the event's moment.
    session_url: sessionUrl(input.publicUrl, session.id, event.occurred_at / 1000 - session.creation_timestamp),
    visitor: {
      id: visitor.id,
      name: visitor.name ?? '',
      email: visitor.email ?? '',
      params: parseParams(visitor.params),
      geolocation: { country_code: session.country_code, city: session.city, region: session.region },
    },
    ...details,
    ...hostedEventFields(event.kind, details),
  };
}

/** A pending message, due now, carrying `body` with its own id filled in. */
export function newMessageRow(
  body: Omit<DeliveryBody, 'message_id'>,
  target: { alertId: string; webhookId: string | null; chatChannelId: string | null },
  now: number,
): OutboxMessagesTable {
  const id = newId('msg');
  return {
    account_id: body.account_id,
    id,
    alert_id: target.alertId,
    webhook_id: target.webhookId,
    chat_channel_id: target.chatChannelId,
    payload: JSON.stringify({ message_id: id, ...body }),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    locked_by: null,
    created_at: now,
    delivered_at: null,
    last_error: null,
  };
}

/** Where an alert's messages go: its webhook or its chat channel; null when it names neither. */
export function alertTarget(alert: MatchedAlert): { webhookId: string | null; chatChannelId: string | null } | null {
  if (alert.provider === 'webhooks')
    return alert.webhook_id ? { webhookId: alert.webhook_id, chatChannelId: null } : null;
  return alert.chat_channel_id ? { webhookId: null, chatChannelId: alert.chat_channel_id } : null;
}

/** The message of one alert about one event, or null when the alert has no target to send to. */
export function alertMessageRow(
  alert: MatchedAlert,
  content: {
    accountId: string;
    websiteId: string;
    payload: DeliveryEvent;
    folded: { count: number; since: number } | null;
    /** With a threshold: the matches within its window that made this one fire. */
    threshold?: { matches: number; windowMinutes: number } | null;
  },
  now: number,
): OutboxMessagesTable | null {
  const target = alertTarget(alert);
  if (!target) return null;
  const { webhookId, chatChannelId } = target;
  return newMessageRow(
    {
      webhook_id: webhookId,
      webhook_type: 'session.event',
      api_version: 'v1.0',
      account_id: content.accountId,
      website_id: content.websiteId,
      created_at: Math.floor(now / 1000),
      alert: { alert_id: alert.id, name: alert.name },
      payload: content.payload,
      ...foldedFields(content.folded),
      ...thresholdFields(content.threshold ?? null),
    },
    { alertId: alert.id, webhookId, chatChannelId },
    now,
  );
}

/**
 * Writes one pending message per alert (no flood control: every alert sends) and sets the alerts'
 * `last_fired_at`. Call it with the ingestion transaction. Returns the message ids. It wakes this
 * process's workers, but on PostgreSQL that can come before the commit: call `wakeDeliveryWorkers()`
 * after committing to send at once rather than at the next poll (≤ 500 ms).
 */
export async function enqueueAlertMessages(trx: Db, input: AlertMessagesInput): Promise<string[]> {
  const now = input.now ?? Date.now();
  const payload = deliveryEvent(input);
  const sent = input.alerts.flatMap((alert) => {
    const row = alertMessageRow(
      alert,
      { accountId: input.accountId, websiteId: input.website.id, payload, folded: null },
      now,
    );
    return row ? [{ alert, row }] : [];
  });
  if (sent.length === 0) return [];
  await insertMessages(
    trx,
    sent.map(({ row }) => row),
  );
  await markAlertsFired(
    trx,
    input.accountId,
    sent.map(({ alert }) => alert.id),
    now,
  );
  wakeDeliveryWorkers();
  return sent.map(({ row }) => row.id);
}
