import autocannon from 'autocannon';
import type { CpuPerRequest } from './cpu-usage.ts';

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** Successful responses. */
  requests: number;
  /** Responses other than 2xx, plus connection errors and timeouts. */
  failures: number;
  /** CPU per answered request, where it was measured (cpu-usage.ts). */
  cpu?: CpuPerRequest | null;
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/**
 * Loads `url` with autocannon and measures latency from every response, since autocannon's own summary
 * has no 95th percentile.
 */
export function loadTest(
  url: string,
  options: { headers?: Record<string, string>; connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, headers: options.headers, connections: options.connections, duration: options.durationSeconds },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          requestsPerSecond: (latencies.length - failures) / result.duration,
          requests: latencies.length - failures,
          failures: failures + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) failures += 1;
    });
  });
}

/** A whole number of at least 1 from the environment, or `fallback` when unset. */
export function positiveEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
  return value;
}
