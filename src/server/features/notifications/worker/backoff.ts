/**
 * When to try a failed delivery again. Nine retries spread over about a day (decisions.md §8):
 * 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h (23.7 h in all), each moved by up to ±25 %.
 *
 * Why not "full jitter" (a delay anywhere from 0 to the step): it would make the whole retry span
 * anything from minutes to a day, which breaks "about a day". ±25 % still spreads a burst of
 * failures (an outage at a receiver) across time, and keeps the span between 18 and 30 hours.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  8 * HOUR,
];

/** The first attempt and every retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A receiver's `retry-after` is honoured up to this. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

const JITTER = 0.25;

/** Delay after the `failedAttempts`-th failed attempt, or null when no retry is left. `random` returns [0, 1). */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number | null {
  const step = RETRY_DELAYS_MS[failedAttempts - 1];
  if (step === undefined) return null;
  return Math.round(step * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * A `retry-after` header as milliseconds from `now`: delta seconds or an HTTP date, clamped to
 * [0, MAX_RETRY_AFTER_MS]. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * SECOND;
  else {
    // Every HTTP date form starts with a day name; Date.parse alone would read "-5" as a year.
    const date = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
