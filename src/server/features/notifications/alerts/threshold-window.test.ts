import { describe, expect, it } from 'vitest';
import {
  WINDOW_CAPACITY,
  onThresholdMatch,
  parseWindowTimes,
  thresholdOf,
  windowTimesText,
} from './threshold-window.ts';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 23, 12, 0, 0);

/** Feeds matches at the given minutes after START through the rule, as ingestion does. */
function run(threshold: { count: number; windowMinutes: number } | null, minutes: readonly number[]) {
  let times: number[] = [];
  return minutes.map((minute) => {
    const decision = onThresholdMatch(threshold, times, START + minute * MINUTE);
    times = decision.times;
    return decision;
  });
}

describe('the threshold window', () => {
  it('without a threshold, every match reaches it and nothing is kept', () => {
    expect(run(null, [0, 0, 1])).toEqual([
      { reached: true, matches: null, times: [] },
      { reached: true, matches: null, times: [] },
      { reached: true, matches: null, times: [] },
    ]);
  });

  it('fires on the match that makes N within M minutes, and on later ones while the rate holds', () => {
    const decisions = run({ count: 3, windowMinutes: 10 }, [0, 4, 9, 9.5, 25]);
    expect(decisions.map((decision) => decision.reached)).toEqual([false, false, true, true, false]);
    expect(decisions.map((decision) => decision.matches)).toEqual([1, 2, 3, 4, 1]);
  });

  it('slides: matches older than the window stop counting, exactly at its edge', () => {
    const decisions = run({ count: 3, windowMinutes: 10 }, [0, 5, 10, 11]);
    // At minute 10 the match of minute 0 is exactly 10 minutes old: out of the window.
    expect(decisions.map((decision) => decision.reached)).toEqual([false, false, false, true]);
    expect(decisions[3]?.times).toEqual([START + 5 * MINUTE, START + 10 * MINUTE, START + 11 * MINUTE]);
  });

  it('counts several matches at the same moment (one batch)', () => {
    const decisions = run({ count: 5, windowMinutes: 1 }, [0, 0, 0, 0, 0]);
    expect(decisions.map((decision) => decision.reached)).toEqual([false, false, false, false, true]);
  });

  it(`keeps at most ${WINDOW_CAPACITY} times, so the row stays small under a flood`, () => {
    const decisions = run(
      { count: 1000, windowMinutes: 60 },
      Array.from({ length: 1200 }, (_, index) => index / 100),
    );
    expect(decisions[998]?.reached).toBe(false);
    expect(decisions[999]?.reached).toBe(true);
    expect(decisions.at(-1)?.times).toHaveLength(WINDOW_CAPACITY);
    expect(decisions.at(-1)?.matches).toBe(WINDOW_CAPACITY);
  });

  it('reads the columns back as they were stored', () => {
    const threshold = thresholdOf(3, 10);
    expect(thresholdOf(null, 10)).toBeNull();
    expect(thresholdOf(3, null)).toBeNull();
    expect(windowTimesText(null, [1, 2])).toBeNull();
    expect(windowTimesText(threshold, [])).toBeNull();
    expect(parseWindowTimes(windowTimesText(threshold, [1, 2]))).toEqual([1, 2]);
    expect(parseWindowTimes(null)).toEqual([]);
  });
});
