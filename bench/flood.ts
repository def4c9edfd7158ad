/**
 * Flood control under crashes: one alert with a quiet period, 10,000 matching JavaScript errors sent
 * through POST /v1/ingest within a minute, and the server (ingest and its delivery worker) killed with
 * SIGKILL three times: while it delivers the first message (so that message is sent again once its
 * claim expires) and twice mid-flood, each time restarted on the same port. The webhook receiver
 * verifies signatures and counts each message id once. At the end the messages must be those the
 * quiet period allows, and the sum of (1 + suppressed_count) over them must equal the matching events
 * the server accepted: nothing lost, nothing counted twice.
 */
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';
import { type Db, openDatabase } from '../src/server/db/database.ts';
import type { BenchData } from './bench-data.ts';
import { freePort, type ServerProcess, startServer } from './children.ts';
import { runPrefix } from './cleanup.ts';
import { expectedMessages, floodVerdicts } from './flood-check.ts';
import { startFloodReceiver } from './flood-receiver.ts';
import { ERRORS_PER_BATCH, type SentBatch, floodBatch, sendUntilTaken } from './flood-sender.ts';
import { type FloodAlert, floodSetup } from './flood-setup.ts';
import { positiveEnv } from './load.ts';

const MINUTE_MS = 60_000;
/** Mid-flood kills, as fractions of the sending time. */
const KILLS_AT = [0.4, 0.75];
/** The worker's claim on a message sent by a killed server must expire before it is sent again. */
const CLAIM_TTL_MS = 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Restarts {
  server(): ServerProcess;
  /** Kills the server with SIGKILL and starts it again; resolves with the time it was away, ms. */
  killAndRestart(): Promise<number>;
  downtimesMs: number[];
}

async function restartable(env: Record<string, string>): Promise<Restarts> {
  const port = await freePort();
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'src/server/main.ts';
  const start = () => startServer('flood server', entry, env, port);
  let current = await start();
  let restarting: Promise<number> | null = null;
  const downtimesMs: number[] = [];
  return {
    server: () => current,
    downtimesMs,
    killAndRestart() {
      // A kill asked for while the server is still coming back waits for it, then kills it again.
      const previous = restarting ?? Promise.resolve(0);
      const next = previous.then(async () => {
        const killedAt = performance.now();
        await current.kill();
        current = await start();
        const downtime = performance.now() - killedAt;
        downtimesMs.push(downtime);
        return downtime;
      });
      restarting = next;
      return next;
    },
  };
}

async function alertState(db: Db, accountId: string, alertId: string) {
  const alert = await db
    .selectFrom('alerts')
    .select(['suppressed_count'])
    .where('account_id', '=', accountId)
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('outbox_messages')
    .select(['id', 'status', 'created_at'])
    .where('account_id', '=', accountId)
    .where('alert_id', '=', alertId)
    .orderBy('created_at')
    .execute();
  if (messages.length === 0) return { held: alert.suppressed_count, messages, attempts: [] };
  const attempts = await db
    .selectFrom('delivery_attempts')
    .select(['status_code', 'error'])
    .where('account_id', '=', accountId)
    .where(
      'message_id',
      'in',
      messages.map((message) => message.id),
    )
    .execute();
  return { held: alert.suppressed_count, messages, attempts };
}

/** Recorded attempts by outcome ("200", or the error's first words): what explains a message received twice. */
function attemptSummary(attempts: { status_code: number | null; error: string | null }[]): string {
  const counts = new Map<string, number>();
  for (const attempt of attempts) {
    const key = attempt.error ? attempt.error.slice(0, 60) : String(attempt.status_code);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} × ${key}`).join('; ');
}

async function storedArrivals(db: Db, accountId: string, prefix: string): Promise<number[]> {
  const rows = await db
    .selectFrom('session_events')
    .select('occurred_at')
    .where('account_id', '=', accountId)
    .where('session_id', '>=', prefix)
    .where('session_id', '<', `${prefix.slice(0, -1)}.`)
    .where('kind', '=', K.jsError)
    .execute();
  return rows.map((row) => Number(row.occurred_at));
}

/** Flood control across kill -9 on the bench's database (`url`); `env` is what server children get. */
export async function benchFlood(url: string, data: BenchData, env: Record<string, string>): Promise<string[]> {
  const events = positiveEnv('BENCH_FLOOD_EVENTS', 10_000);
  const sendMs = positiveEnv('BENCH_FLOOD_SECONDS', 40) * 1000;
  const quietMinutes = positiveEnv('BENCH_FLOOD_QUIET_MINUTES', 1);
  const batches = Math.ceil(events / ERRORS_PER_BATCH);
  const handle = openDatabase(url, { poolSize: 2 });
  const prefix = runPrefix('bflood');
  const receiver = await startFloodReceiver();
  let restarts: Restarts | null = null;
  let alert: FloodAlert | null = null;
  const website = await handle.db
    .selectFrom('websites')
    .select(['id', 'account_id', 'public_key'])
    .where('account_id', '=', data.accountId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const setup = await floodSetup(handle.db, website, prefix);
  try {
    restarts = await restartable({
      ...env,
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      INGEST_BATCHES_PER_MINUTE: '100000000',
      RETENTION_WORKER: 'false',
    });
    const { baseUrl } = restarts.server();
    alert = await setup.create(baseUrl, receiver.url, quietMinutes);
    receiver.secret = alert.secret;
    const kills = restarts;
    let firstKillDowntime: Promise<number> | null = null;
    receiver.beforeFirstAnswer = async () => {
      firstKillDowntime = kills.killAndRestart();
      await firstKillDowntime;
    };

    // The flood: batch i leaves at i/batches of the sending time, each retried until the server takes it.
    const started = performance.now();
    const midKills = KILLS_AT.map(
      (fraction) =>
        new Promise<number>((resolve) => setTimeout(() => resolve(kills.killAndRestart()), fraction * sendMs)),
    );
    const sent: SentBatch[] = await Promise.all(
      Array.from({ length: batches }, async (_, seq) => {
        await new Promise((resolve) => setTimeout(resolve, (seq / batches) * sendMs));
        return sendUntilTaken(`${baseUrl}/v1/ingest`, floodBatch(website.public_key, prefix, seq));
      }),
    );
    const floodMs = Math.max(...sent.map((batch) => batch.takenAt)) - started;
    await Promise.all(midKills);
    await firstKillDowntime;

    // Then the last summary (one quiet period after the last message) and any message sent again.
    const periodMs = quietMinutes * MINUTE_MS;
    const deadline = performance.now() + periodMs + CLAIM_TTL_MS + 30_000;
    let state = await alertState(handle.db, website.account_id, alert.alertId);
    for (;;) {
      const settled =
        state.held === 0 &&
        state.messages.every((message) => message.status !== 'pending') &&
        receiver.messages.length >= state.messages.length;
      if (settled || performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await alertState(handle.db, website.account_id, alert.alertId);
    }
    const settledMs = performance.now() - started;

    const arrivals = await storedArrivals(handle.db, website.account_id, prefix);
    const created = state.messages.map((message) => Number(message.created_at));
    const firstTaken = Math.min(...sent.map((batch) => batch.takenAt));
    const firstMessage = receiver.messages[0];
    const refused = sent.filter((batch) => batch.refused !== null);
    const lines = [
      `${events.toLocaleString('en-US')} matching events in ${batches} batches over ${seconds(sendMs)}, ` +
        `quiet period ${quietMinutes} min, ${restarts.downtimesMs.length} kill -9 ` +
        `(server away ${restarts.downtimesMs.map(seconds).join(', ')})`,
      `flood taken in ${seconds(floodMs)}; ${sent.reduce((n, b) => n + b.retries, 0)} retried requests, ` +
        `${sent.filter((b) => b.duplicate).length} batches answered duplicate (committed before a kill), ` +
        `${refused.length} refused${refused[0] ? ` (${refused[0].refused?.slice(0, 120)})` : ''}`,
      `settled after ${seconds(settledMs)}; receiver got ${receiver.requests} requests, ` +
        `${receiver.messages.length} distinct messages (${receiver.repeats} repeats by webhook-id), ` +
        `suppressed_count ${receiver.messages.map((m) => m.suppressedCount).join(', ')}; ` +
        `attempts recorded: ${attemptSummary(state.attempts)}`,
      ...floodVerdicts({
        acceptedMatches: sent.reduce((n, batch) => n + batch.accepted, 0),
        storedMatches: arrivals.length,
        messages: receiver.messages,
        outboxMessages: state.messages.length,
        outboxDelivered: state.messages.filter((message) => message.status === 'delivered').length,
        stillHeld: state.held,
        sentAt: created,
        expectedAt: expectedMessages(arrivals, created, periodMs),
        gapsMs: created.slice(1).map((at, index) => at - (created[index] ?? at)),
        periodMs,
        unverified: receiver.unverified,
        firstMessageMs: firstMessage ? firstMessage.receivedAt - firstTaken : null,
        floodMs,
      }),
    ];
    return lines;
  } finally {
    await restarts?.server().stop();
    await receiver.close();
    await setup.remove(alert);
    await handle.close();
  }
}
