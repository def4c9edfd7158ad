/** What people can do to deliveries: send a test, and send a message again. */
import type { QueuedDeliveryResource } from '../../../../api/schemas/deliveries.ts';
import type { Db } from '../../../db/database.ts';
import { errors } from '../../../errors.ts';
import { findAlertRow } from '../alerts/alerts.repository.ts';
import { findWebhookRow } from '../webhooks/webhooks.repository.ts';
import { wakeDeliveryWorkers } from '../worker/delivery-signal.ts';
import { resetMessage } from '../outbox/outbox.repository.ts';
import { enqueueAlertTest, enqueueWebhookTest } from './test-messages.ts';

function queued(deliveryId: string): QueuedDeliveryResource {
  wakeDeliveryWorkers();
  return { delivery_id: deliveryId, status: 'pending' };
}

export async function sendWebhookTest(
  db: Db,
  accountId: string,
  webhookId: string,
  publicUrl: string,
): Promise<QueuedDeliveryResource> {
  const webhook = await findWebhookRow(db, accountId, webhookId);
  if (!webhook) throw errors.notFound('Webhook');
  return queued(await enqueueWebhookTest(db, webhook, publicUrl));
}

export async function sendAlertTest(
  db: Db,
  accountId: string,
  alertId: string,
  publicUrl: string,
): Promise<QueuedDeliveryResource> {
  const alert = await findAlertRow(db, accountId, alertId);
  if (!alert) throw errors.notFound('Alert');
  const webhook = alert.webhook_id ? await findWebhookRow(db, accountId, alert.webhook_id) : undefined;
  return queued(await enqueueAlertTest(db, alert, webhook?.website_id ?? null, publicUrl));
}

/** Makes a message pending and due now, with a fresh retry schedule; its attempt history stays. */
export async function redeliver(db: Db, accountId: string, deliveryId: string): Promise<QueuedDeliveryResource> {
  if (!(await resetMessage(db, accountId, deliveryId, Date.now()))) throw errors.notFound('Delivery');
  return queued(deliveryId);
}
