/**
 * Liveness under hostile bodies: GET /healthz latency, one request at a time, while 20 connections post
 * 16 KB bodies nested 8,000 levels deep to /v1/ingest (no sign-in needed). The server must refuse them
 * cheaply enough that everyone else is still answered at once.
 */
import autocannon from 'autocannon';
import { startServer } from './children.ts';
import { type LoadResult, loadTest } from './load.ts';

const HOSTILE_CONNECTIONS = 20;
const NESTING = 8_000;
const HEALTHZ_P99_TARGET_MS = 50;

/** `{"key":[[[…]]]}`: 16 KB of brackets. */
export function hostileBody(nesting = NESTING): string {
  return `{"key":${'['.repeat(nesting)}${']'.repeat(nesting)}}`;
}

interface HostileLoad {
  requests: number;
  /** Answers by status. */
  statuses: Map<number, number>;
  errors: number;
}

function postHostile(url: string, durationSeconds: number): Promise<HostileLoad> {
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: hostileBody(),
        connections: HOSTILE_CONNECTIONS,
        duration: durationSeconds,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ requests: result.requests.total, statuses, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  });
}

/** Runs the measurement against a server of its own; returns report lines. */
export async function benchHostile(
  serverEntry: string,
  env: Record<string, string>,
  durationSeconds: number,
): Promise<string[]> {
  const server = await startServer('hostile', serverEntry, env);
  try {
    const quiet: LoadResult = await loadTest(`${server.baseUrl}/healthz`, { connections: 1, durationSeconds: 1 });
    const [healthz, hostile] = await Promise.all([
      loadTest(`${server.baseUrl}/healthz`, { connections: 1, durationSeconds }),
      postHostile(`${server.baseUrl}/v1/ingest`, durationSeconds),
    ]);
    const ms = (value: number) => value.toFixed(1);
    const answers = [...hostile.statuses].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    const pass = healthz.p99 < HEALTHZ_P99_TARGET_MS && healthz.failures === 0 && !hostile.statuses.has(500);
    return [
      `/healthz alone: p50 ${ms(quiet.p50)} ms, p99 ${ms(quiet.p99)} ms`,
      `/healthz under ${HOSTILE_CONNECTIONS} connections of ${(hostileBody().length / 1024).toFixed(0)} KB bodies nested ` +
        `${NESTING.toLocaleString('en-US')} deep: p50 ${ms(healthz.p50)} ms, p99 ${ms(healthz.p99)} ms, ` +
        `${healthz.requestsPerSecond.toFixed(0)} req/s, ${healthz.failures} failures`,
      `hostile requests: ${hostile.requests} in ${durationSeconds} s (${answers}), ${hostile.errors} connection errors`,
      `${pass ? 'pass' : 'FAIL'}  /healthz p99 ${ms(healthz.p99)} ms < ${HEALTHZ_P99_TARGET_MS} ms under hostile bodies, no 500`,
    ];
  } finally {
    await server.stop();
  }
}
