/**
 * Records the demo account's replays: serves the small demo shop (scripts/demo-replays) with the real
 * tracker and recorder, plays a few scripted visits in headless Chromium, and writes what the service
 * stored (gzip chunks and tracker events) to src/server/seed/demo-recordings/. Run once after changing the
 * recorder or the shop; needs `npm run build:tracker` first.
 *   npx tsx scripts/record-demo-replays.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Db, openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAccount } from '../src/server/features/accounts/accounts.service.ts';
import { createWebsite } from '../src/server/features/websites/websites.service.ts';
import {
  DEMO_FIXTURE_ORIGIN,
  type DemoRecordingFixture,
  demoRecordingsDir,
} from '../src/server/seed/demo-recording-fixture.ts';
import { demoShopPage } from './demo-replays/demo-shop-page.ts';
import { DEMO_VISITS, type DemoVisit } from './demo-replays/visits.ts';

const SHOP_HOST = new URL(DEMO_FIXTURE_ORIGIN).host;
// Chromium reaches the shop over plain http; the stored recordings say https, as a real shop would be.
const RECORDED_ORIGIN = `http://${SHOP_HOST}`;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function startShop(trackerSrc: string, publicKey: string) {
  const html = demoShopPage(trackerSrc, publicKey);
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/payments')) {
      response.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"card_expired"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const toHttps = (text: string) => text.replaceAll(RECORDED_ORIGIN, DEMO_FIXTURE_ORIGIN);

async function waitForStoredRecording(db: Db, sessionId: string): Promise<void> {
  let lastCount = -1;
  for (let attempt = 0; attempt < 40; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { count } = await db
      .selectFrom('recording_chunks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0 && Number(count) === lastCount) return;
    lastCount = Number(count);
  }
  throw new Error(`No recording arrived for ${sessionId}`);
}

async function readFixture(db: Db, visit: DemoVisit, sessionId: string): Promise<DemoRecordingFixture> {
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
  const chunks = await db
    .selectFrom('recording_chunks')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('chunk_index')
    .execute();
  const events = await db
    .selectFrom('session_events')
    .select(['kind', 'occurred_at', 'data'])
    .where('session_id', '=', sessionId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  const start = Math.min(...chunks.map((chunk) => chunk.first_event_at));
  const end = Math.max(...chunks.map((chunk) => chunk.last_event_at));
  // Browser and service share this machine's clock, so events and frames need no offset between them.
  return {
    name: visit.name,
    session: {
      entry_path: new URL(session.start_url).pathname,
      end_path: new URL(session.end_url).pathname,
      duration_ms: end - start,
      active_time: session.active_time,
      page_views: session.page_views,
      clicks: session.clicks,
      error_clicks: session.error_clicks,
      rage_clicks: session.rage_clicks,
      error_logs: session.error_logs,
      net_errors: session.net_errors,
      resolution_width: session.resolution_width,
      resolution_height: session.resolution_height,
    },
    events: events.map((event) => ({
      kind: event.kind,
      at_ms: Math.max(0, Number(event.occurred_at) - start),
      data: toHttps(event.data),
    })),
    chunks: chunks.map((chunk) => {
      const text = toHttps(zlib.gunzipSync(chunk.data).toString('utf8'));
      return {
        index: chunk.chunk_index,
        raw_bytes: Buffer.byteLength(text),
        first_at_ms: chunk.first_event_at - start,
        last_at_ms: chunk.last_event_at - start,
        gzip_base64: zlib.gzipSync(text, { level: 9 }).toString('base64'),
      };
    }),
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-replays-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: path.join(dir, 'demo.db'),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DELIVERY_WORKER: 'false',
    RETENTION_WORKER: 'false',
  });
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const account = await createAccount(database.db, 'Demo');
  const website = await createWebsite(database.db, { accountId: account.id, host: SHOP_HOST, name: 'Demo Shop' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const shop = await startShop(`${appOrigin}/t.js`, website.public_key);
  const shopPort = (shop.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1:${shopPort}`],
  });
  const out = demoRecordingsDir();
  fs.mkdirSync(out, { recursive: true });
  try {
    for (const visit of DEMO_VISITS) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, userAgent: USER_AGENT });
      const page = await context.newPage();
      await page.goto(`${RECORDED_ORIGIN}${visit.entryPath}`);
      await page.waitForFunction(() => document.querySelector('script[src$="/r.js"]') !== null);
      await page.waitForTimeout(800);
      await visit.act(page);
      const sessionId = await page.evaluate(() => (sessionStorage.getItem('sa_session') ?? '').split(' ')[0] ?? '');
      await page.close({ runBeforeUnload: true });
      await context.close();
      await waitForStoredRecording(database.db, sessionId);
      const fixture = await readFixture(database.db, visit, sessionId);
      const file = path.join(out, `${visit.name}.json`);
      fs.writeFileSync(file, `${JSON.stringify(fixture)}\n`);
      console.log(
        `${visit.name}: ${fixture.chunks.length} chunks, ${fixture.events.length} events, ${fs.statSync(file).size} bytes`,
      );
    }
  } finally {
    await browser.close();
    shop.close();
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
