/**
 * Messages delivered per second: N outbox messages for a webhook pointing at a local receiver that answers
 * 200 at once, drained by one in-process delivery worker with the server's default settings. What it
 * writes (the webhook, the alert and its messages) is deleted afterwards.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Db, Dialect } from '../src/server/db/database.ts';
import { startDeliveryWorker } from '../src/server/features/notifications/worker/delivery-worker.ts';
import { enqueueAlertMessages } from '../src/server/features/notifications/outbox/enqueue.ts';
import { insertAlert } from '../src/server/features/notifications/alerts/alerts.repository.ts';
import type { AlertsTable } from '../src/server/features/notifications/alerts/alerts.table.ts';
import { insertWebhook } from '../src/server/features/notifications/webhooks/webhooks.repository.ts';
import type { WebhooksTable } from '../src/server/features/notifications/webhooks/webhooks.table.ts';
import { newId } from '../src/server/lib/ids.ts';
import { deleteDeliveryRows } from './cleanup.ts';

const DELIVERY_MESSAGES = 2_000;
const DELIVERY_TIMEOUT_MS = 180_000;

/** A count for a report line, grouped by thousands. */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');

interface CountingReceiver {
  url: string;
  received(): number;
  close(): Promise<void>;
}

async function startCountingReceiver(): Promise<CountingReceiver> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function outboxCounts(db: Db, accountId: string, alertId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('account_id', '=', accountId)
    .where('alert_id', '=', alertId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

export async function benchDelivery(
  db: Db,
  dialect: Dialect,
  url: string,
  website: { account_id: string; id: string },
): Promise<string[]> {
  const accountId = website.account_id;
  const receiver = await startCountingReceiver();
  const webhook: WebhooksTable = {
    account_id: accountId,
    id: newId('whk'),
    website_id: website.id,
    url: receiver.url,
    version: 'v1.0',
    enabled: 1,
    secret: `whsec_${crypto.randomBytes(32).toString('base64')}`,
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: Math.floor(Date.now() / 1000),
    created_by: 'bench@example.com',
    failing_since: null,
    disabled_reason: null,
    first_delivered_at: null,
  };
  const alert: AlertsTable = {
    account_id: accountId,
    id: newId('alr'),
    name: 'Bench: checkout errors',
    events: JSON.stringify([{ kind: K.jsError, value: 'TypeError' }]),
    provider: 'webhooks',
    webhook_id: webhook.id,
    chat_channel_id: null,
    enabled: 1,
    created_at: Date.now(),
    last_fired_at: null,
    flagged_reason: null,
    quiet_period_minutes: 0,
    notified_at: null,
    suppressed_count: 0,
    suppressed_since: null,
    suppressed_event: null,
    summary_due_at: null,
    snoozed_until: null,
    threshold_count: null,
    threshold_window_minutes: null,
    threshold_matches_at: null,
  };
  let worker: ReturnType<typeof startDeliveryWorker> | null = null;
  try {
    await insertWebhook(db, webhook);
    await insertAlert(db, alert);
    const enqueueStarted = performance.now();
    for (let done = 0; done < DELIVERY_MESSAGES;) {
      const chunk = Math.min(250, DELIVERY_MESSAGES - done);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < chunk; i++) {
          const now = Date.now();
          await enqueueAlertMessages(trx, {
            accountId,
            publicUrl: 'http://127.0.0.1',
            alerts: [alert],
            event: {
              kind: K.jsError,
              occurred_at: now - 1500,
              data: JSON.stringify({
                message: "TypeError: Cannot read properties of undefined (reading 'total')",
                url: 'https://shop.example.com/checkout',
              }),
            },
            session: {
              id: `ses_bench${done + i}`,
              creation_timestamp: Math.floor(now / 1000) - 60,
              country_code: 'FR',
              region: 'Île-de-France',
              city: 'Paris',
            },
            visitor: { id: 'vis_bench', name: 'Bench Visitor', email: 'bench@example.com', params: '[]' },
            website: { id: website.id },
            now,
          });
        }
      });
      done += chunk;
    }
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      ALLOW_HTTP_WEBHOOKS: 'true',
    });
    const started = performance.now();
    worker = startDeliveryWorker({ db, dialect, config, log: pino({ level: 'warn' }) });
    let counts: Record<string, number> = {};
    for (;;) {
      counts = await outboxCounts(db, accountId, alert.id);
      if ((counts.pending ?? 0) === 0) break;
      if (performance.now() - started > DELIVERY_TIMEOUT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    worker = null;
    const delivered = counts.delivered ?? 0;
    const pending = counts.pending ?? 0;
    const failed = counts.failed ?? 0;
    const incomplete = pending > 0 ? ` (gave up after ${DELIVERY_TIMEOUT_MS / 1000} s)` : '';
    return [
      `enqueue: ${count(DELIVERY_MESSAGES)} messages with enqueueAlertMessages in ${enqueueSeconds.toFixed(2)} s ` +
        `(${count(DELIVERY_MESSAGES / enqueueSeconds)} messages/s)`,
      `delivery (1 worker, default settings): ${count(delivered)} delivered in ${seconds.toFixed(2)} s = ` +
        `${count(delivered / seconds)} messages/s; failed ${failed}, still pending ${pending}, ` +
        `receiver got ${count(receiver.received())} requests${incomplete}`,
    ];
  } finally {
    await worker?.stop();
    await receiver.close();
    await deleteDeliveryRows(db, accountId, alert.id, webhook.id);
  }
}
