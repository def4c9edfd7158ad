import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic-job.ts';
import { sealAll } from './session-sets.ts';

export interface SessionSetsWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
  /** Hours and days written per call of the builder, before the worker reads the clock again. */
  hoursPerRun?: number;
  /** Between two hours: each holds the account's writers for the time it takes. */
  pauseMs?: number;
  now?: () => number;
}

/** `runOnce` seals until nothing is left and resolves with the hours and days written. */
export type SessionSetsWorker = PeriodicJob<number>;

const DEFAULTS = { intervalMs: 60_000, hoursPerRun: 100, pauseMs: 5 };

/**
 * Keeps the sets of sealed hours (session-sets.ts) current: at start and then every minute it writes the
 * hours changed since they were sealed and seals those that ended, until none is left.
 */
export function startSessionSetsWorker(options: SessionSetsWorkerOptions): SessionSetsWorker {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  return startPeriodicJob({
    intervalMs: settings.intervalMs,
    run: (stopped) =>
      sealAll(options.db, { now, perRun: settings.hoursPerRun, pause: () => sleep(settings.pauseMs), stopped }),
    onResult: (hours) => {
      if (hours > 0) options.log.info({ hours }, 'session sets written');
    },
    onError: (error) => options.log.error({ err: error }, 'writing session sets failed'),
  });
}
