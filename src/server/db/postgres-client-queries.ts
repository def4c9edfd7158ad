import type pg from 'pg';
import { PREPARED_MARK, preparedNameOf } from './prepared-statements.ts';

type Callback = (error: Error | null, result: unknown) => void;

/**
 * Gives up on a connection whose queries have made no progress for `timeoutMs`: a hung server or network
 * that cannot answer, or cancel, the statement. The connection's socket is destroyed, so its queries fail
 * with "Connection terminated" (a 503 database_unavailable) and the pool replaces it. One timer per pool,
 * and only while queries run; each query costs two counter updates.
 */
export class StalledConnections {
  private readonly running = new Map<pg.PoolClient, { queries: number; since: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly timeoutMs: number) {}

  /** A query on `client` starts; the function returned says it has ended. */
  start(client: pg.PoolClient): () => void {
    let entry = this.running.get(client);
    if (entry === undefined) {
      entry = { queries: 0, since: performance.now() };
      this.running.set(client, entry);
    }
    entry.queries += 1;
    this.timer ??= setInterval(() => this.check(), Math.max(10, Math.min(1_000, this.timeoutMs / 4))).unref();
    const running = entry;
    return () => {
      running.queries -= 1;
      running.since = performance.now();
      if (running.queries > 0) return;
      this.running.delete(client);
      if (this.running.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private check(): void {
    const now = performance.now();
    for (const [client, entry] of this.running) {
      if (now - entry.since <= this.timeoutMs) continue;
      this.running.delete(client);
      socketOf(client)?.destroy();
    }
  }
}

function socketOf(client: pg.PoolClient): { destroy(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
}

/**
 * Makes `client.query` hand node-postgres a callback, whatever its caller passed. Called without one (as
 * Kysely calls it) node-postgres answers through a promise of its own, and with its own `query_timeout`
 * it wraps the callback in a timer's; either way each query's rows outlived V8's young generation. A
 * first page of sessions in one process cost 225–255 µs of CPU against 170 µs answered by callback, and
 * each young-generation collection moved 2.4 MB into the old one against 22 KB. `stalled` keeps the
 * client's limit instead of `query_timeout`. Marked texts run as named prepared statements when
 * `prepared` is set (prepared-statements.ts).
 */
export function answerByCallback(
  client: pg.PoolClient,
  options: { prepared: boolean; stalled: StalledConnections | null },
): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const { prepared, stalled } = options;
  const answered = (config: unknown, ...rest: unknown[]): unknown => {
    // Cursors and other submittable queries carry their own handlers.
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') return query(config, ...rest);
    const text =
      prepared && typeof config === 'string' && config.startsWith(PREPARED_MARK)
        ? { name: preparedNameOf(config), text: config }
        : config;
    const last = rest.at(-1);
    const values = typeof last === 'function' ? rest.slice(0, -1) : rest;
    const ended = stalled?.start(client);
    if (typeof last === 'function') {
      return query(text, ...values, (error: Error | null, result: unknown) => {
        ended?.();
        (last as Callback)(error, result);
      });
    }
    return new Promise((resolve, reject) => {
      query(text, ...values, (error: Error | null, result: unknown) => {
        ended?.();
        if (error) reject(error);
        else resolve(result);
      });
    });
  };
  // node-postgres overloads `query` on its arguments, which pass on as they came.
  client.query = answered as typeof client.query;
}
