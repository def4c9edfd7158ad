import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS, parseRetryAfter, retryDelayMs } from './backoff.ts';

const HOUR = 3_600_000;

describe('retry schedule', () => {
  it('is exponential-ish from 30 s to 8 h, ten attempts in all', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800]);
    expect(MAX_ATTEMPTS).toBe(10);
  });

  it('spans about a day whatever the jitter: 18 to 30 hours', () => {
    const total = (random: () => number) =>
      RETRY_DELAYS_MS.reduce((sum, _, index) => sum + (retryDelayMs(index + 1, random) ?? 0), 0);
    expect(total(() => 0)).toBeGreaterThan(17 * HOUR);
    expect(total(() => 0.5)).toBe(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(total(() => 0.999999)).toBeLessThan(30 * HOUR);
  });

  it('moves each delay by at most 25 %, and spreads it', () => {
    expect(retryDelayMs(1, () => 0)).toBe(22_500);
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(1, () => 0.999999)).toBeCloseTo(37_500, -1);
    const samples = new Set(Array.from({ length: 50 }, () => retryDelayMs(3)));
    expect(samples.size).toBeGreaterThan(40);
  });

  it('has no retry after the last attempt', () => {
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('reads delta seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never in the past', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:05:00 GMT', now)).toBe(5 * 60_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('caps at a day and ignores what it cannot read', () => {
    expect(parseRetryAfter(String(7 * 24 * 3600), now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
