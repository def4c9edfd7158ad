/**
 * The threshold of an alert, as one rule on plain values: a match counts toward the threshold, and
 * the alert fires on it only when at least `count` matches (this one included) happened within the
 * last `windowMinutes`. Matches below the threshold send nothing and are not held back; those that
 * reach it go on to the quiet period like any match of an alert without a threshold.
 */
import { ALERT_THRESHOLD } from '../../../../api/event-catalogue.ts';

const MINUTE_MS = 60_000;

/** The most match times kept: enough to decide the largest threshold and to report the count up to it. */
export const WINDOW_CAPACITY = ALERT_THRESHOLD.maxCount;

export interface Threshold {
  count: number;
  windowMinutes: number;
}

export interface WindowDecision {
  /** Whether this match reached the threshold (always, without one). */
  reached: boolean;
  /** Matches within the window, this one included (at most WINDOW_CAPACITY); null without a threshold. */
  matches: number | null;
  /** The match times to keep, oldest first. */
  times: number[];
}

/** The threshold set on an alert's two columns, or null when it has none. */
export function thresholdOf(count: number | null, windowMinutes: number | null): Threshold | null {
  return count === null || windowMinutes === null ? null : { count, windowMinutes };
}

/** What a match at `now` does, given the times of the earlier matches still kept (oldest first). */
export function onThresholdMatch(threshold: Threshold | null, times: readonly number[], now: number): WindowDecision {
  if (threshold === null) return { reached: true, matches: null, times: [] };
  const windowStart = now - threshold.windowMinutes * MINUTE_MS;
  const kept = times.filter((time) => time > windowStart);
  kept.push(now);
  const recent = kept.length > WINDOW_CAPACITY ? kept.slice(kept.length - WINDOW_CAPACITY) : kept;
  return { reached: recent.length >= threshold.count, matches: recent.length, times: recent };
}

export function parseWindowTimes(text: string | null): number[] {
  if (text === null) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((time): time is number => typeof time === 'number') : [];
}

export function windowTimesText(threshold: Threshold | null, times: readonly number[]): string | null {
  return threshold === null || times.length === 0 ? null : JSON.stringify(times);
}
