/**
 * The delivery worker: polls the outbox (and wakes when this process enqueues), claims due
 * messages, and delivers them. Any number of workers, in any number of processes, may share one
 * database: claims keep them from sending the same attempt twice, and an expired claim (a worker
 * that died mid-delivery) makes the message due again, so delivery is at least once.
 */
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db, Dialect } from '../../../db/database.ts';
import { randomBase62 } from '../../../lib/ids.ts';
import { sendDueSummaries } from '../alerts/alert-summaries.ts';
import { onDeliveryWake } from './delivery-signal.ts';
import { type Clock, type DeliveryContext, deliverMessage } from './delivery.service.ts';
import { type OutboxMessage, claimDueMessages } from '../outbox/outbox.repository.ts';
import { setMaxListeners } from 'node:events';

export type DeliveryLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface DeliveryWorkerOptions {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, 'ALLOW_HTTP_WEBHOOKS' | 'ALLOW_PRIVATE_WEBHOOK_TARGETS' | 'CHAT_API_URL' | 'CHAT_BOT_TOKEN'>;
  log: DeliveryLog;
  clock?: Clock;
  /** Poll the outbox in the background (default). Tests may turn it off and drive `runOnce` themselves. */
  poll?: boolean;
  pollIntervalMs?: number;
  /** Messages claimed (and sent concurrently) per round. */
  batchSize?: number;
  /** How long a claim holds; it must outlast a request. Default 60 s. */
  claimTtlMs?: number;
  /** Deadline of one HTTP request. Default 10 s (decisions.md §8). */
  requestTimeoutMs?: number;
  /** [0, 1), for the retry jitter. */
  random?: () => number;
}

export interface DeliveryWorker {
  /** Stops polling, aborts requests in flight (their claims are given back) and waits for them. */
  stop(): Promise<void>;
  /** Claims and delivers one batch of due messages; resolves with how many it handled. */
  runOnce(): Promise<number>;
}

const DEFAULTS = { pollIntervalMs: 500, batchSize: 10, claimTtlMs: 60_000, requestTimeoutMs: 10_000 };

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  if (settings.claimTtlMs <= settings.requestTimeoutMs) {
    throw new Error('claimTtlMs must be longer than requestTimeoutMs, or a slow request could be sent twice at once');
  }
  const { db, dialect, config, log } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const abort = new AbortController();
  // Every delivery in flight listens on this one signal (it aborts them at shutdown); a round sends many at once.
  setMaxListeners(1000, abort.signal);
  const workerId = `${os.hostname()}:${process.pid}:${randomBase62(8)}`;
  const context: DeliveryContext = {
    db,
    workerId,
    clock,
    random: options.random ?? Math.random,
    signal: abort.signal,
    settings: {
      allowHttp: config.ALLOW_HTTP_WEBHOOKS,
      allowPrivate: config.ALLOW_PRIVATE_WEBHOOK_TARGETS,
      chatApiUrl: config.CHAT_API_URL,
      chatBotToken: config.CHAT_BOT_TOKEN,
      requestTimeoutMs: settings.requestTimeoutMs,
    },
  };

  async function deliver(message: OutboxMessage): Promise<void> {
    try {
      const result = await deliverMessage(context, message);
      if (result.status === 'released') return;
      const fields = { messageId: message.id, accountId: message.account_id, attempt: message.attempts + 1 };
      if (result.outcome.ok) log.info({ ...fields, statusCode: result.outcome.statusCode }, 'delivery succeeded');
      else
        log.warn(
          { ...fields, statusCode: result.outcome.statusCode, error: result.outcome.error, status: result.status },
          'delivery attempt failed',
        );
    } catch (error) {
      // The claim stays until it expires; then the message is tried again.
      log.error({ err: error, messageId: message.id }, 'delivery could not be recorded');
    }
  }

  const inFlight = new Set<Promise<unknown>>();
  async function runOnce(): Promise<number> {
    if (abort.signal.aborted) return 0;
    // Summaries whose quiet period has ended become messages first, so this round sends them.
    const round = sendDueSummaries(db, clock.now(), settings.batchSize)
      .then(() =>
        claimDueMessages(db, dialect, {
          workerId,
          now: clock.now(),
          claimTtlMs: settings.claimTtlMs,
          limit: settings.batchSize,
        }),
      )
      .then(async (messages) => {
        await Promise.all(messages.map(deliver));
        return messages.length;
      });
    inFlight.add(round);
    try {
      return await round;
    } finally {
      inFlight.delete(round);
    }
  }

  let wake: (() => void) | null = null;
  let woken = false;
  const unsubscribe = onDeliveryWake(() => {
    woken = true;
    wake?.();
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function loop(): Promise<void> {
    // While the database is away every poll fails the same way: said once when it starts and once when it ends.
    let failing = false;
    while (!abort.signal.aborted) {
      woken = false;
      let moreDue = false;
      try {
        // A full batch or a wake-up during the round: more may be due right away.
        moreDue = (await runOnce()) === settings.batchSize || woken;
        if (failing) log.info('delivery polling resumed');
        failing = false;
      } catch (error) {
        if (!failing) log.error({ err: error }, 'delivery poll failed; retrying every poll interval');
        failing = true;
      }
      if (!moreDue && !abort.signal.aborted) await pause(settings.pollIntervalMs);
    }
  }

  const running = options.poll === false ? Promise.resolve() : loop();

  return {
    runOnce,
    async stop() {
      unsubscribe();
      abort.abort();
      wake?.();
      await Promise.allSettled([running, ...inFlight]);
    },
  };
}

/** Options left undefined fall back to the defaults rather than overriding them. */
function definedOnly(options: DeliveryWorkerOptions): Partial<typeof DEFAULTS> {
  const picked: Partial<typeof DEFAULTS> = {};
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}
