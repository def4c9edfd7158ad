/**
 * Throughput of the write pipeline, on the bench's database:
 *   1. events ingested per second: POST /v1/ingest against the real server (no delivery worker in it),
 *      every request a fresh batch of 20 events for a rotating set of sessions and visitors;
 *   2. messages delivered per second (pipeline-delivery.ts).
 * What it writes (sessions, visitors, events, batch ids) is deleted afterwards, so runs do not
 * accumulate in the bench database.
 */
import autocannon from 'autocannon';
import type { IngestBatchInput, IngestEventInput } from '../src/api/schemas/ingest.ts';
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';
import { type Db, openDatabase } from '../src/server/db/database.ts';
import type { BenchData } from './bench-data.ts';
import { type ServerProcess, startServer } from './children.ts';
import { deleteIngested, runPrefix } from './cleanup.ts';
import { percentile, positiveEnv } from './load.ts';
import { benchDelivery, count } from './pipeline-delivery.ts';

const CONNECTIONS = 10;
const EVENTS_PER_BATCH = 20;
/** Sessions receiving batches at any moment; each gets BATCHES_PER_SESSION batches, then a new one takes its slot. */
const SESSION_SLOTS = 40;
const BATCHES_PER_SESSION = 4;
/** Visitors the sessions are spread over, so visitors come back with new sessions. */
const VISITORS = 500;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

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
