import pg from 'pg';
import { StalledConnections, answerByCallback } from './postgres-client-queries.ts';

export interface PostgresPoolOptions {
  poolSize: number;
  /** The server cancels a statement running longer than this; 0 turns the limit off. */
  statementTimeoutMs: number;
  /** Run the few statements marked for it as named prepared statements (prepared-statements.ts). */
  preparedStatements: boolean;
  /**
   * A connection whose queries make no progress for this long is given up (a hung server or network);
   * default the statement timeout and 5 s more, none without a statement timeout.
   */
  readTimeoutMs?: number;
}

/** How long a request waits for a connection before the database counts as unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Idle connections are closed after this, so a restarted server is not left with dead sockets to discover. */
const IDLE_TIMEOUT_MS = 30_000;
/** Beyond the server's own limit, so a hung server or network (which cannot cancel) still frees the request. */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export type ConnectionErrorListener = (error: Error) => void;

/**
 * A pool that survives the database going away. Without an `error` listener node-postgres rethrows a
 * dropped connection (a restart, a failover, pg_terminate_backend) as an uncaught exception that ends
 * the process; here the broken connection is only discarded and reported, and the next query opens a new one.
 */
export function createPostgresPool(
  url: string,
  options: PostgresPoolOptions,
): { pool: pg.Pool; onConnectionError(listener: ConnectionErrorListener): void } {
  const listeners = new Set<ConnectionErrorListener>();
  // An idle connection's error reaches both listeners below; it is told once.
  const reported = new WeakSet<Error>();
  const report = (error: Error) => {
    if (reported.has(error)) return;
    reported.add(error);
    for (const listener of listeners) listener(error);
  };
  const timeouts = options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {};
  // The client's own limit, in place of node-postgres's query_timeout (see answerByCallback).
  const readTimeoutMs =
    options.readTimeoutMs ??
    (options.statementTimeoutMs > 0 ? options.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : 0);
  const stalled = readTimeoutMs > 0 ? new StalledConnections(readTimeoutMs) : null;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    keepAlive: true,
    ...timeouts,
  });
  // Idle connections: the pool removes the broken one, then emits this.
  pool.on('error', report);
  // A connection checked out between two queries (inside a transaction) has no pool listener; the query
  // that uses it next fails, and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', report);
    answerByCallback(client, { prepared: options.preparedStatements, stalled });
  });
  return { pool, onConnectionError: (listener) => void listeners.add(listener) };
}
