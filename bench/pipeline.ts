/**
 * Throughput of the write pipeline, on the bench's database:
 *   1. events ingested per second: POST /v1/ingest against the real server (no delivery worker in it),
 *      every request a fresh batch of 20 events for a rotating set of sessions and visitors;
 *   2. messages delivered per second: N outbox messages for a webhook pointing at a local receiver that
 *      answers 200 at once, drained by one in-process delivery worker with the server's default settings.
 * What it writes (sessions, visitors, events, batch ids, the webhook, the alert and its messages) is
 * deleted afterwards, so runs do not accumulate in the bench database.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pino from 'pino';
import type { IngestBatchInput, IngestEventInput } from '../src/api/schemas/ingest.ts';
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Db, type Dialect, openDatabase } from '../src/server/db/database.ts';
import { startDeliveryWorker } from '../src/server/features/notifications/worker/delivery-worker.ts';
import { enqueueAlertMessages } from '../src/server/features/notifications/outbox/enqueue.ts';
import { insertAlert } from '../src/server/features/notifications/alerts/alerts.repository.ts';
import type { AlertsTable } from '../src/server/features/notifications/alerts/alerts.table.ts';
import { insertWebhook } from '../src/server/features/notifications/webhooks/webhooks.repository.ts';
import type { WebhooksTable } from '../src/server/features/notifications/webhooks/webhooks.table.ts';
import { newId } from '../src/server/lib/ids.ts';
import type { BenchData } from './bench-data.ts';
import { type ServerProcess, startServer } from './children.ts';
import { deleteDeliveryRows, deleteIngested, runPrefix } from './cleanup.ts';
import { percentile, positiveEnv } from './load.ts';

const CONNECTIONS = 10;
const EVENTS_PER_BATCH = 20;
/** Sessions receiving batches at any moment; each gets BATCHES_PER_SESSION batches, then a new one takes its slot. */
const SESSION_SLOTS = 40;
const BATCHES_PER_SESSION = 4;
/** Visitors the sessions are spread over, so visitors come back with new sessions. */
const VISITORS = 500;
const DELIVERY_MESSAGES = 2_000;
const DELIVERY_TIMEOUT_MS = 180_000;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** The tracker's batches for one run: a counter decides the session, visitor and events of each one. */
function batchMaker(publicKey: string, prefix: string): () => IngestBatchInput {
  let sequence = 0;
  return () => {
    const seq = sequence++;
    const slot = seq % SESSION_SLOTS;
    const round = Math.floor(seq / SESSION_SLOTS);
    const sessionNumber = Math.floor(round / BATCHES_PER_SESSION) * SESSION_SLOTS + slot;
    const batchInSession = round % BATCHES_PER_SESSION;
    const visitorNumber = sessionNumber % VISITORS;
    const now = Date.now();
    const page = `https://shop.example.com/products/${(seq * 7) % 120}`;
    const events: IngestEventInput[] = [];
    let time = now - EVENTS_PER_BATCH * 800;
    const push = (event: Omit<IngestEventInput, 'time'>) => {
      time += 700;
      events.push({ ...event, time } as IngestEventInput);
    };
    if (batchInSession === 0) {
      push({ kind: K.sessionStart, url: page, referrer: 'https://www.google.com/', title: 'Shop' });
    }
    if (batchInSession === 1 && visitorNumber % 3 === 0) {
      push({ kind: K.identify, email: `visitor${visitorNumber}@example.com`, name: `Visitor ${visitorNumber}` });
    }
    push({ kind: K.pageView, url: page, title: `Product ${(seq * 7) % 120}` });
    while (events.length < EVENTS_PER_BATCH) {
      switch (events.length % 6) {
        case 0:
          push({ kind: K.pageView, url: `${page}?variant=${events.length}`, title: 'Product variant' });
          break;
        case 1:
          push({ kind: K.click, selector: 'button.add-to-cart', text: 'Add to cart' });
          break;
        case 2:
          push({ kind: K.consoleLog, level: 'info', message: `cart updated: ${events.length} items` });
          break;
        case 3:
          push({
            kind: K.networkRequest,
            url: 'https://shop.example.com/api/cart',
            method: 'POST',
            status: 200,
            duration: 84,
          });
          break;
        case 4:
          push({ kind: K.custom, name: 'add_to_cart', properties: { sku: `SKU-${seq % 997}`, price: 19.9 } });
          break;
        default:
          push({ kind: K.doubleClick, selector: 'img.product-photo', text: '' });
      }
    }
    return {
      key: publicKey,
      batch_id: `${prefix}b${seq}`,
      visitor_id: `${prefix}v${visitorNumber}`,
      session_id: `${prefix}s${sessionNumber}`,
      sent_at: now,
      screen: { width: 1920, height: 1080 },
      events,
    };
  };
}

interface IngestLoad {
  batchesPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function loadIngest(url: string, nextBatch: () => IngestBatchInput, durationSeconds: number): Promise<IngestLoad> {
  const latencies: number[] = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
        connections: CONNECTIONS,
        duration: durationSeconds,
        requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify(nextBatch()) }) }],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          batchesPerSecond: (latencies.length - non2xx) / result.duration,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    });
  });
}

async function benchIngest(
  db: Db,
  website: { account_id: string; public_key: string },
  env: Record<string, string>,
): Promise<string[]> {
  const durationSeconds = positiveEnv('BENCH_DURATION', 8);
  const prefix = runPrefix('bpipe');
  const nextBatch = batchMaker(website.public_key, prefix);
  let server: ServerProcess | null = null;
  try {
    server = await startServer('ingest server', 'src/server/main.ts', {
      ...env,
      DELIVERY_WORKER: 'false',
      INGEST_BATCHES_PER_MINUTE: '100000000',
    });
    const url = `${server.baseUrl}/v1/ingest`;
    // One plain request first: a refused batch would make every figure below meaningless.
    const check = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(nextBatch()),
    });
    const text = await check.text();
    if (check.status !== 202) throw new Error(`POST /v1/ingest answered ${check.status}: ${text.slice(0, 300)}`);
    await loadIngest(url, nextBatch, 1); // warm-up
    const result = await loadIngest(url, nextBatch, durationSeconds);
    const ms = (value: number) => value.toFixed(1);
    return [
      `ingest (${CONNECTIONS} connections, ${durationSeconds} s, ${EVENTS_PER_BATCH} events a batch): ` +
        `${count(result.batchesPerSecond)} batches/s = ${count(result.batchesPerSecond * EVENTS_PER_BATCH)} events/s, ` +
        `p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, non-2xx ${result.non2xx}` +
        (result.errors > 0 ? `, ${result.errors} errors/timeouts` : ''),
    ];
  } finally {
    await server?.stop();
    await deleteIngested(db, website.account_id, prefix);
  }
}

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

async function benchDelivery(
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

/**
 * Ingest and delivery throughput on the bench's database (`url`), in the account of `data`.
 * `env` is the environment the bench gives its server children. Returns report lines.
 */
export async function benchPipeline(url: string, data: BenchData, env: Record<string, string>): Promise<string[]> {
  const handle = openDatabase(url, { poolSize: 4 });
  try {
    const website = await handle.db
      .selectFrom('websites')
      .select(['id', 'account_id', 'public_key'])
      .where('account_id', '=', data.accountId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!website) throw new Error('The bench account has no website');
    const lines: string[] = [];
    try {
      lines.push(...(await benchIngest(handle.db, website, env)));
    } catch (error) {
      lines.push(`ingest FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      lines.push(...(await benchDelivery(handle.db, handle.dialect, url, website)));
    } catch (error) {
      lines.push(`delivery FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
    return lines;
  } finally {
    await handle.close();
  }
}
