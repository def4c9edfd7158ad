/** The delivery logs of alerts and webhooks, as the API shows them. */
import type {
  AlertMatchResource,
  DeliveryAttemptResource,
  DeliveryResource,
} from '../../../../api/schemas/deliveries.ts';
import type { Db } from '../../../db/database.ts';
import { errors } from '../../../errors.ts';
import { findAlertRow } from '../alerts/alerts.repository.ts';
import { findWebhookRow } from '../webhooks/webhooks.repository.ts';
import { type MessageOwner, listAttempts, listMessages } from './delivery-log.repository.ts';
import { parseDeliveryBody } from '../outbox/delivery-payload.ts';
import type { DeliveryAttemptsTable, OutboxMessagesTable } from '../outbox/outbox.table.ts';
import { NO_ALERT_ID } from './test-messages.ts';

function iso(ms: number): string;
function iso(ms: number | null): string | null;
function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function toAttemptResource(row: DeliveryAttemptsTable): DeliveryAttemptResource {
  return {
    attempted_at: iso(row.attempted_at),
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: iso(row.next_attempt_at),
  };
}

export function toDeliveryResource(message: OutboxMessagesTable, attempts: DeliveryAttemptsTable[]): DeliveryResource {
  const body = parseDeliveryBody(message.payload);
  return {
    delivery_id: message.id,
    alert_id: message.alert_id === NO_ALERT_ID ? null : message.alert_id,
    webhook_id: message.webhook_id,
    chat_channel_id: message.chat_channel_id,
    event_name: body.payload.event_name,
    test: body.test === true,
    status: message.status,
    attempts: message.attempts,
    created_at: iso(message.created_at),
    delivered_at: iso(message.delivered_at),
    next_attempt_at: message.status === 'pending' ? iso(message.next_attempt_at) : null,
    last_error: message.last_error,
    attempt_history: attempts.map(toAttemptResource),
    session_id: body.test ? null : body.payload.session_id,
    session_url: body.test ? null : body.payload.session_url,
  };
}

async function listDeliveries(
  db: Db,
  accountId: string,
  owner: MessageOwner,
  limit: number,
): Promise<DeliveryResource[]> {
  const messages = await listMessages(db, accountId, owner, limit);
  const attempts = await listAttempts(
    db,
    accountId,
    messages.map((message) => message.id),
  );
  const byMessage = new Map<string, DeliveryAttemptsTable[]>();
  for (const attempt of attempts)
    byMessage.set(attempt.message_id, [...(byMessage.get(attempt.message_id) ?? []), attempt]);
  return messages.map((message) => toDeliveryResource(message, byMessage.get(message.id) ?? []));
}

export async function listAlertDeliveries(
  db: Db,
  accountId: string,
  alertId: string,
  limit: number,
): Promise<DeliveryResource[]> {
  if (!(await findAlertRow(db, accountId, alertId))) throw errors.notFound('Alert');
  return listDeliveries(db, accountId, { alertId }, limit);
}

export async function listWebhookDeliveries(
  db: Db,
  accountId: string,
  webhookId: string,
  limit: number,
): Promise<DeliveryResource[]> {
  if (!(await findWebhookRow(db, accountId, webhookId))) throw errors.notFound('Webhook');
  return listDeliveries(db, accountId, { webhookId }, limit);
}

/**
 * Test messages share the alert's log but are no matches; they are rare, so skipping them among the
 * latest messages finds the matches without reading JSON in SQL.
 */
const MATCH_SCAN = 100;

/** The alert's latest matches that sent a message, newest first: the event, its session and its visitor. */
export async function listAlertMatches(
  db: Db,
  accountId: string,
  alertId: string,
  limit: number,
): Promise<AlertMatchResource[]> {
  if (!(await findAlertRow(db, accountId, alertId))) throw errors.notFound('Alert');
  const matches: AlertMatchResource[] = [];
  for (const message of await listMessages(db, accountId, { alertId }, MATCH_SCAN)) {
    const body = parseDeliveryBody(message.payload);
    if (body.test) continue;
    const { payload } = body;
    matches.push({
      delivery_id: message.id,
      event_name: payload.event_name,
      time: iso(payload.time * 1000),
      session_id: payload.session_id,
      session_url: payload.session_url,
      visitor: { id: payload.visitor.id, name: payload.visitor.name, email: payload.visitor.email },
    });
    if (matches.length === limit) break;
  }
  return matches;
}
