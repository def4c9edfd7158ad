import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Longest a rate-limit check may wait on Redis before the request goes ahead without it. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * A Redis client that never slows requests down: commands fail at once while disconnected (no offline
 * queue) or after a short timeout, and it reconnects in the background for as long as it takes. Losing
 * and regaining the connection are logged once each, not once per request.
 */
export function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // The INFO ready check would fall under the command timeout too, and a slow answer would drop the connection.
    enableReadyCheck: false,
    retryStrategy: (times) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
  });
  let reachable: boolean | null = null;
  const lost = (reason: string) => {
    if (reachable === false) return;
    reachable = false;
    log.warn({ reason }, 'Redis is unreachable: rate limits are not enforced until it returns');
  };
  client.on('error', (error: Error) => lost(error.message));
  client.on('close', () => lost('connection closed'));
  client.on('ready', () => {
    if (reachable === false) log.info('Redis is reachable again: rate limits are enforced again');
    reachable = true;
  });
  return client;
}

/**
 * Waits (at most the connect timeout) for the first connection, so a process that starts next to a
 * working Redis counts from its first request; if Redis is away the process starts anyway.
 */
export async function firstConnection(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
}
