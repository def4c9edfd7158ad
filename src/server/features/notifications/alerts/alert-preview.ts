/**
 * What an alert would have done over a run of past matches: the threshold and quiet-period rules
 * that ingestion and the delivery worker apply, replayed on the matches' own times.
 */
import { type QuietState, dueSummary, onMatch, summaryDueAt } from './quiet-period.ts';
import { type Threshold, onThresholdMatch } from './threshold-window.ts';

export interface PreviewRule {
  threshold: Threshold | null;
  quietPeriodMinutes: number;
}

export interface PreviewCounts {
  matches: number;
  /** Matches that reached the threshold (all of them without one). */
  fires: number;
  /** Fires sent at once, plus the summaries that folded in the others. */
  messages: number;
  /** Fires the quiet period held back (shown or counted by a summary, possibly one still due). */
  held_back: number;
}

/** Replays matches (Unix milliseconds, oldest first) up to `now`. */
export function replayAlert(rule: PreviewRule, matchTimes: readonly number[], now: number): PreviewCounts {
  let quiet: QuietState = {
    quietPeriodMinutes: rule.quietPeriodMinutes,
    notifiedAt: null,
    suppressedCount: 0,
    suppressedSince: null,
  };
  let windowTimes: number[] = [];
  const counts: PreviewCounts = { matches: matchTimes.length, fires: 0, messages: 0, held_back: 0 };
  for (const time of matchTimes) {
    // The worker sends a summary once a quiet period ends with matches held back; its own quiet
    // period starts then, not at this match.
    const due = summaryDueAt(quiet);
    const summary = due !== null && due <= time ? dueSummary(quiet, due) : null;
    if (summary) {
      counts.messages += 1;
      quiet = summary.state;
    }
    const window = onThresholdMatch(rule.threshold, windowTimes, time);
    windowTimes = window.times;
    if (!window.reached) continue;
    counts.fires += 1;
    const decision = onMatch(quiet, time);
    quiet = decision.state;
    if (decision.send) counts.messages += 1;
    else counts.held_back += 1;
  }
  if (dueSummary(quiet, now)) counts.messages += 1;
  return counts;
}
