import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { databaseRecordingStore } from '../recordings/recording-store.ts';
import { type RetentionCounts, runRetentionPass } from './retention-pass.ts';

export interface RetentionWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
  batchSize?: number;
  pauseMs?: number;
  now?: () => number;
}

export interface RetentionWorker {
  /** Stops after the statement in flight; resolves when the pass in flight has ended. */
  stop(): Promise<void>;
  runOnce(): Promise<RetentionCounts>;
}

const DEFAULTS = { intervalMs: 3_600_000, batchSize: 1000, pauseMs: 50 };

/** Runs a retention pass at start and then every `intervalMs` (an hour by default). */
export function startRetentionWorker(options: RetentionWorkerOptions): RetentionWorker {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const store = databaseRecordingStore(options.db);
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const runOnce = () =>
    runRetentionPass({
      db: options.db,
      store,
      now: now(),
      batchSize: settings.batchSize,
      pause: () => sleep(settings.pauseMs),
      stopped: () => stopped,
    });
  const tick = () => {
    inFlight = runOnce().then(
      (counts) => {
        if (counts.chunks + counts.events + counts.messages + counts.attempts > 0)
          options.log.info({ deleted: counts }, 'retention pass');
      },
      (error: unknown) => options.log.error({ err: error }, 'retention pass failed'),
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
