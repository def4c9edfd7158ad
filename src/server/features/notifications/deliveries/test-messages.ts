/** "Send test": a realistic sample message, marked `"test": true`, through the real pipeline. */
import type { AlertEventKind } from '../../../../api/event-catalogue.ts';
import type { Db } from '../../../db/database.ts';
import type { AlertsTable } from '../alerts/alerts.table.ts';
import type { WebhooksTable } from '../webhooks/webhooks.table.ts';
import type { DeliveryBody, DeliveryEvent } from '../outbox/delivery-payload.ts';
import { eventNameOf, hostedEventFields, sessionUrl } from '../outbox/delivery-payload.ts';
import { newMessageRow } from '../outbox/enqueue.ts';
import { insertMessages } from '../outbox/outbox.repository.ts';

/** What the API says of every "send test" route. */
export const TEST_SEND_NOTE =
  'Queues a sample message marked `"test": true` through the real pipeline (signing, retries, delivery log); ' +
  'answers 202 with its id at once.';

/** A webhook test belongs to no alert; the outbox column is NOT NULL, so it holds this. */
export const NO_ALERT_ID = '';
const SAMPLE_ALERT = { alert_id: 'alr_test', name: 'Test alert' };
const SAMPLE_SESSION_ID = 'ses_sample';
const PAGE = 'https://shop.example.com/checkout';
const JS_ERROR = "TypeError: Cannot read properties of undefined (reading 'total')";

const SAMPLE_DETAILS: Record<AlertEventKind, Record<string, unknown>> = {
  5: { url: PAGE, selector: 'button#place-order', text: 'Place order' },
  6: { url: PAGE, selector: 'img.product-photo', text: '' },
  20: { url: PAGE, selector: 'button#place-order', text: 'Place order', message: JS_ERROR },
  21: { url: PAGE, selector: 'button#apply-coupon', text: 'Apply', click_count: 7 },
  24: { url: PAGE, message: 'Payment form took 4.2 s to load', level: 'warn' },
  25: { url: PAGE, message: JS_ERROR },
  26: { url: PAGE, name: 'newsletter_signup', properties: { plan: 'pro', source: 'footer' } },
  29: { url: 'https://shop.example.com/api/cart', method: 'POST', status: 200, duration_ms: 840 },
  30: { url: 'https://shop.example.com/api/payments', method: 'POST', status: 502, duration_ms: 3012 },
};

function sampleEvent(publicUrl: string, kind: AlertEventKind, now: number): DeliveryEvent {
  return {
    event_name: eventNameOf(kind),
    time: Math.floor(now / 1000),
    session_id: SAMPLE_SESSION_ID,
    session_url: sessionUrl(publicUrl, SAMPLE_SESSION_ID),
    visitor: {
      id: 'vis_sample',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      params: [{ name: 'plan', value: 'pro' }],
      geolocation: { country_code: 'GB', city: 'London', region: 'England' },
    },
    ...SAMPLE_DETAILS[kind],
    ...hostedEventFields(kind, SAMPLE_DETAILS[kind]),
  };
}

function testBody(
  accountId: string,
  target: { webhookId: string | null; websiteId: string | null },
  alert: DeliveryBody['alert'],
  payload: DeliveryEvent,
  now: number,
): Omit<DeliveryBody, 'message_id'> {
  return {
    webhook_id: target.webhookId,
    webhook_type: 'session.event',
    api_version: 'v1.0',
    account_id: accountId,
    website_id: target.websiteId,
    created_at: Math.floor(now / 1000),
    alert,
    payload,
    test: true,
  };
}

const SAMPLE_TIME = Date.UTC(2026, 0, 15, 9, 30, 0);

/**
 * What a receiver gets when a match of `kind` sends a message, with sample values throughout: the
 * example of each event name in the OpenAPI document. It shows the flood-control fields too.
 */
export function sampleDeliveryBody(publicUrl: string, kind: AlertEventKind): DeliveryBody {
  return {
    message_id: 'msg_0mwsample0000000000000',
    webhook_id: 'whk_0mwsample0000000000000',
    webhook_type: 'session.event',
    api_version: 'v1.0',
    account_id: 'acc_0mwsample0000000000000',
    website_id: 'web_0mwsample0000000000000',
    created_at: Math.floor(SAMPLE_TIME / 1000),
    alert: { alert_id: 'alr_0mwsample0000000000000', name: 'Checkout trouble' },
    payload: {
      ...sampleEvent(publicUrl, kind, SAMPLE_TIME - 2000),
      session_url: sessionUrl(publicUrl, SAMPLE_SESSION_ID, 95),
    },
    suppressed_count: 3,
    suppressed_since: Math.floor(SAMPLE_TIME / 1000) - 240,
  };
}

export async function enqueueWebhookTest(
  db: Db,
  webhook: Pick<WebhooksTable, 'account_id' | 'id' | 'website_id'>,
  publicUrl: string,
  now = Date.now(),
): Promise<string> {
  const body = testBody(
    webhook.account_id,
    { webhookId: webhook.id, websiteId: webhook.website_id },
    SAMPLE_ALERT,
    sampleEvent(publicUrl, 25, now),
    now,
  );
  const row = newMessageRow(body, { alertId: NO_ALERT_ID, webhookId: webhook.id, chatChannelId: null }, now);
  await insertMessages(db, [row]);
  return row.id;
}

/** A test of an alert goes where the alert sends, with the alert's own name and first event kind. */
export async function enqueueAlertTest(
  db: Db,
  alert: AlertsTable,
  websiteId: string | null,
  publicUrl: string,
  now = Date.now(),
): Promise<string> {
  const events = JSON.parse(alert.events) as { kind: AlertEventKind }[];
  const webhookId = alert.provider === 'webhooks' ? alert.webhook_id : null;
  const body = testBody(
    alert.account_id,
    { webhookId, websiteId },
    { alert_id: alert.id, name: alert.name },
    sampleEvent(publicUrl, events[0]?.kind ?? 25, now),
    now,
  );
  const row = newMessageRow(
    body,
    { alertId: alert.id, webhookId, chatChannelId: webhookId ? null : alert.chat_channel_id },
    now,
  );
  await insertMessages(db, [row]);
  return row.id;
}
