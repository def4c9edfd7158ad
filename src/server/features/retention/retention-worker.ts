import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic-job.ts';
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

/** `stop` ends the pass in flight after its statement in flight. */
export type RetentionWorker = PeriodicJob<RetentionCounts>;

const DEFAULTS = { intervalMs: 3_600_000, batchSize: 1000, pauseMs: 50 };

/** Runs a retention pass at start and then every `intervalMs` (an hour by default). */
export function startRetentionWorker(options: RetentionWorkerOptions): RetentionWorker {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const store = databaseRecordingStore(options.db);
  return startPeriodicJob({
    intervalMs: settings.intervalMs,
    run: (stopped) =>
      runRetentionPass({
        db: options.db,
        store,
        now: now(),
        batchSize: settings.batchSize,
        pause: () => sleep(settings.pauseMs),
        stopped,
      }),
    onResult: (counts) => {
      if (counts.chunks + counts.events + counts.messages + counts.attempts > 0)
        options.log.info({ deleted: counts }, 'retention pass');
    },
    onError: (error) => options.log.error({ err: error }, 'retention pass failed'),
  });
}
