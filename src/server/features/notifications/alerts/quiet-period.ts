/**
 * Flood control, as one rule on plain values. After an alert sends a message, it stays quiet for its
 * quiet period: matches within it are held back and counted. The next message folds them in: either
 * the next match after the period (sent at once), or, when the period ends with matches held back,
 * a summary showing the latest of them. Every match is accounted for exactly once: the event a
 * message shows, or one of the `suppressed_count` it carries. A quiet period of 0 sends every match.
 */

const MINUTE_MS = 60_000;

export const DEFAULT_QUIET_PERIOD_MINUTES = 5;

export interface QuietState {
  quietPeriodMinutes: number;
  /** Unix milliseconds of the alert's last message, or null. */
  notifiedAt: number | null;
  suppressedCount: number;
  suppressedSince: number | null;
}

/** Matches a message stands for besides the event it shows. */
export interface Folded {
  count: number;
  /** Unix milliseconds of the first of them. */
  since: number;
}

export type MatchDecision =
  { send: true; folded: Folded | null; state: QuietState } | { send: false; state: QuietState };

function quietUntil(state: QuietState): number | null {
  if (state.notifiedAt === null || state.quietPeriodMinutes === 0) return null;
  return state.notifiedAt + state.quietPeriodMinutes * MINUTE_MS;
}

function folded(state: QuietState): Folded | null {
  return state.suppressedCount > 0 ? { count: state.suppressedCount, since: state.suppressedSince ?? 0 } : null;
}

function sentAt(state: QuietState, now: number): QuietState {
  return { ...state, notifiedAt: now, suppressedCount: 0, suppressedSince: null };
}

/** What a match at `now` does: send at once (folding in what was held back), or be held back. */
export function onMatch(state: QuietState, now: number): MatchDecision {
  const until = quietUntil(state);
  if (until === null || now >= until) return { send: true, folded: folded(state), state: sentAt(state, now) };
  return {
    send: false,
    state: {
      ...state,
      suppressedCount: state.suppressedCount + 1,
      suppressedSince: state.suppressedSince ?? now,
    },
  };
}

/** When held-back matches are due as a summary, given the current quiet period (it may have changed). */
export function summaryDueAt(state: QuietState): number | null {
  if (state.suppressedCount === 0) return null;
  return quietUntil(state) ?? state.notifiedAt ?? 0;
}

/**
 * The summary due at `now`, if any: it shows the latest match held back and folds in the others.
 * The alert's next quiet period starts with it.
 */
export function dueSummary(state: QuietState, now: number): { folded: Folded | null; state: QuietState } | null {
  const due = summaryDueAt(state);
  if (due === null || now < due) return null;
  const others = state.suppressedCount - 1;
  return {
    folded: others > 0 ? { count: others, since: state.suppressedSince ?? 0 } : null,
    state: sentAt(state, now),
  };
}
