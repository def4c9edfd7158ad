import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** Set by the primary in each HTTP process it starts: its number, from 0. */
export const WORKER_INDEX_ENV = 'SA_HTTP_WORKER_INDEX';

const SHUTDOWN_GRACE_MS = 15_000;
/** A process that dies sooner than this after starting counts as failing to start. */
const QUICK_EXIT_MS = 5_000;
const MAX_QUICK_EXITS = 5;

export interface PrimaryOptions {
  workers: number;
  log: Logger;
  /** Called once, when every process listens. */
  onListening: () => void;
}

/** Which HTTP process this is: null in the primary or when the server runs as one process. */
export function workerIndex(): number | null {
  const raw = process.env[WORKER_INDEX_ENV];
  return cluster.isWorker && raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * Runs the primary of a server of several HTTP processes (node:cluster): they share the listening
 * socket, and each connection goes to one of them in turn. A process that dies is started again with
 * the same number; one that keeps dying right after start stops the server, as a crash at start
 * would. SIGTERM and SIGINT are passed on, and the primary exits once every process has drained.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { log } = options;
  const startedAt = new Map<Worker, number>();
  const indexOf = new Map<Worker, number>();
  const listening = new Set<number>();
  let quickExits = 0;
  let stopping = false;
  let welcomed = false;

  const start = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
    startedAt.set(worker, Date.now());
    indexOf.set(worker, index);
    worker.on('listening', () => {
      listening.add(index);
      if (!welcomed && listening.size === options.workers) {
        welcomed = true;
        options.onListening();
      }
    });
  };

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: each HTTP process finishes its requests in flight');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const finish = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    };
    cluster.on('exit', finish);
    finish();
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    indexOf.delete(worker);
    listening.delete(index);
    if (stopping) return;
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      log.fatal({ worker: index, code, signal }, 'an HTTP process keeps exiting right after start; stopping');
      stop('SIGTERM', 1);
      return;
    }
    log.error({ worker: index, code, signal }, 'an HTTP process exited; starting it again');
    start(index);
  });

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  for (let index = 0; index < options.workers; index += 1) start(index);
}
