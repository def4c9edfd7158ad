/**
 * Replay on the server: chunk ingestion throughput (targets ≥ 5 MB/s of compressed chunks on SQLite,
 * ≥ 3 MB/s on PostgreSQL) and the timeline's first 100 events of a 5,000-event session (target p99 ≤ 50 ms).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAccount } from '../src/server/features/accounts/accounts.service.ts';
import { createApiToken } from '../src/server/features/tokens/tokens.service.ts';
import { createWebsite } from '../src/server/features/websites/websites.service.ts';
import { isPostgresUrl } from '../src/server/config.ts';
import { startServer } from './children.ts';
import { loadTest } from './load.ts';

const CONCURRENCY = 8;
const TIMELINE_EVENTS = 5000;

/** A chunk like a busy page's: mouse moves and DOM mutations with varied text, ~60-70 KB compressed. */
function sampleChunk(start: number): Buffer {
  const events = [];
  for (let index = 0; index < 1500; index++) {
    events.push({
      type: 3,
      timestamp: start + index * 20,
      data: {
        source: 0,
        adds: [
          {
            parentId: index,
            node: { type: 3, id: 10_000 + index, textContent: crypto.randomBytes(24).toString('base64') },
          },
        ],
      },
    });
  }
  return zlib.gzipSync(JSON.stringify(events));
}

async function seed(url: string) {
  const database = openDatabase(url);
  await migrateToLatest(database.db);
  const account = await createAccount(database.db, `replay-bench-${crypto.randomBytes(4).toString('hex')}`);
  const website = await createWebsite(database.db, { accountId: account.id, host: 'bench.example.com' });
  const token = (
    await createApiToken(database.db, { accountId: account.id, name: 'bench', scopes: ['users.sessions:read'] })
  ).token;
  const sessionId = `s_${crypto.randomBytes(8).toString('hex')}`;
  const visitorId = `v_${crypto.randomBytes(8).toString('hex')}`;
  const now = Date.now();
  await database.db
    .insertInto('visitors')
    .values({
      account_id: account.id,
      id: visitorId,
      name: null,
      email: null,
      email_lower: null,
      email_hash: null,
      params: '[]',
      first_session_timestamp: 0,
      last_session_timestamp: 0,
    })
    .execute();
  const creation = Math.floor(now / 1000) - 1800;
  await database.db
    .insertInto('sessions')
    .values({
      account_id: account.id,
      id: sessionId,
      website_id: website.id,
      visitor_id: visitorId,
      creation_timestamp: creation,
      duration: 1800,
      end_timestamp: creation + 1800,
      active_time: 1800,
      start_url: '',
      end_url: '',
      expiration_timestamp: creation + 30 * 86400,
      last_event_timestamp: creation + 1800,
      product: '',
      device: 'desktop',
      tags: '[]',
      last_seen_page_view_id: '',
      seen: 0,
      referrer: '',
      visitor_first_session: 1,
      engagement_score: 50,
      ip: '',
      country_code: '',
      region: '',
      city: '',
      resolution_width: 0,
      resolution_height: 0,
      os_name: '',
      os_version: '',
      browser_description: '',
      browser_name: '',
      browser_version: '',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      page_views: 1,
      clicks: 0,
      error_clicks: 0,
      rage_clicks: 0,
      error_logs: 0,
      net_errors: 0,
    })
    .execute();
  for (let start = 0; start < TIMELINE_EVENTS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, offset) => ({
      account_id: account.id,
      id: `evt_${sessionId}_${String(start + offset).padStart(5, '0')}`,
      session_id: sessionId,
      kind: [3, 5, 24, 29][(start + offset) % 4] ?? 5,
      occurred_at: creation * 1000 + (start + offset) * 300,
      data: JSON.stringify({
        selector: 'main > button.primary',
        text: 'Add to basket',
        url: 'https://bench.example.com/p/1',
      }),
    }));
    await database.db.insertInto('session_events').values(rows).execute();
  }
  await database.close();
  return { publicKey: website.public_key, token, sessionId };
}

export async function benchReplayIngest(
  url: string,
  childEnv: Record<string, string>,
  durationSeconds: number,
): Promise<string[]> {
  const seeded = await seed(url);
  const server = await startServer('replay server', 'src/server/main.ts', {
    ...childEnv,
    DATABASE_URL: url,
    RECORDING_CHUNKS_PER_MINUTE: '100000000',
  });
  const target = isPostgresUrl(url) ? 3 : 5;
  try {
    const body = sampleChunk(Date.now());
    let sent = 0;
    let bytes = 0;
    let failures = 0;
    const deadline = Date.now() + durationSeconds * 1000;
    const started = performance.now();
    const worker = async (lane: number) => {
      const session = `s_bench_${lane}_${crypto.randomBytes(6).toString('hex')}`;
      for (let chunk = 0; Date.now() < deadline; chunk++) {
        const query = `key=${seeded.publicKey}&visitor_id=v_bench_${lane}_xx&session_id=${session}&chunk=${chunk}&encoding=gzip&sent_at=${Date.now()}`;
        const response = await fetch(`${server.baseUrl}/v1/ingest/recording?${query}`, {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { 'content-type': 'text/plain' },
        });
        if (response.status === 201) {
          sent += 1;
          bytes += body.length;
        } else failures += 1;
        // Stay under the 20 MiB a session may store.
        if ((chunk + 1) * body.length > 18 * 1024 * 1024) return worker(lane + CONCURRENCY);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => worker(lane)));
    const seconds = (performance.now() - started) / 1000;
    const throughput = bytes / seconds / 1024 / 1024;
    const ingestion =
      `chunk ingestion (${isPostgresUrl(url) ? 'PostgreSQL' : 'SQLite'}): ${sent} chunks of ${(body.length / 1024).toFixed(0)} KB ` +
      `in ${seconds.toFixed(1)} s = ${throughput.toFixed(1)} MB/s compressed (target ≥ ${target}, ` +
      `${throughput >= target ? 'met' : 'MISSED'}), ${failures} failures`;

    const timeline = await loadTest(`${server.baseUrl}/v1/sessions/${seeded.sessionId}/events?size=100`, {
      headers: { authorization: `Bearer ${seeded.token}` },
      connections: 4,
      durationSeconds,
    });
    return [
      ingestion,
      `timeline, first 100 of ${TIMELINE_EVENTS} events: p50 ${timeline.p50.toFixed(1)} ms, p99 ${timeline.p99.toFixed(1)} ms ` +
        `(target ≤ 50, ${timeline.p99 <= 50 ? 'met' : 'MISSED'}), ${timeline.requestsPerSecond.toFixed(0)} req/s, ${timeline.failures} failures`,
    ];
  } finally {
    await server.stop();
  }
}
