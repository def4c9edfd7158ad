import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { sealHours } from './session-sets.ts';

export interface SessionSetsWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
  /** Hours written per statement run before the worker looks at the clock and the stop flag again. */
  hoursPerRun?: number;
  /** Between two hours: each holds the account's writers for the time it takes. */
  pauseMs?: number;
  now?: () => number;
}

export interface SessionSetsWorker {
  /** Stops after the hour in flight; resolves when it is written. */
  stop(): Promise<void>;
  /** Seals until nothing is left to seal; resolves with the number of hours written. */
  runOnce(): Promise<number>;
}

const DEFAULTS = { intervalMs: 60_000, hoursPerRun: 100, pauseMs: 5 };

/**
 * Keeps the sets of sealed hours (session-sets.ts) current: at start and then every minute it writes the
 * hours changed since they were sealed and seals those that ended, until none is left.
 */
export function startSessionSetsWorker(options: SessionSetsWorkerOptions): SessionSetsWorker {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const runOnce = async () => {
    let total = 0;
    while (!stopped) {
      const written = await sealHours(options.db, {
        now: now(),
        maxWrites: settings.hoursPerRun,
        pause: () => sleep(settings.pauseMs),
        stopped: () => stopped,
      });
      total += written;
      if (written < settings.hoursPerRun) break;
    }
    return total;
  };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inFlight = runOnce().then(
      (hours) => {
        running = false;
        if (hours > 0) options.log.info({ hours }, 'session sets written');
      },
      (error: unknown) => {
        running = false;
        options.log.error({ err: error }, 'writing session sets failed');
      },
    );
  };
  tick();
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
    runOnce,
  };
}
