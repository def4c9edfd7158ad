import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type QuietState, dueSummary, onMatch, summaryDueAt } from './quiet-period.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T12:04:00Z');
const fresh = (quietPeriodMinutes = 5): QuietState => ({
  quietPeriodMinutes,
  notifiedAt: null,
  suppressedCount: 0,
  suppressedSince: null,
});

describe('quiet periods', () => {
  it('sends the first match at once and holds back later ones within the period', () => {
    const first = onMatch(fresh(), T0);
    expect(first).toMatchObject({ send: true, folded: null, state: { notifiedAt: T0 } });
    const second = onMatch(first.state, T0 + MINUTE);
    expect(second).toEqual({
      send: false,
      state: { quietPeriodMinutes: 5, notifiedAt: T0, suppressedCount: 1, suppressedSince: T0 + MINUTE },
    });
    const third = onMatch(second.state, T0 + 2 * MINUTE);
    expect(third.state).toMatchObject({ suppressedCount: 2, suppressedSince: T0 + MINUTE });
    expect(summaryDueAt(third.state)).toBe(T0 + 5 * MINUTE);
  });

  it('folds what was held back into the first match after the period', () => {
    let state = onMatch(fresh(), T0).state;
    state = onMatch(state, T0 + MINUTE).state;
    state = onMatch(state, T0 + 2 * MINUTE).state;
    const next = onMatch(state, T0 + 5 * MINUTE);
    expect(next).toEqual({
      send: true,
      folded: { count: 2, since: T0 + MINUTE },
      state: { quietPeriodMinutes: 5, notifiedAt: T0 + 5 * MINUTE, suppressedCount: 0, suppressedSince: null },
    });
  });

  it('makes a summary due when the period ends: the latest held match, folding in the others', () => {
    let state = onMatch(fresh(), T0).state;
    for (const minute of [1, 2, 3]) state = onMatch(state, T0 + minute * MINUTE).state;
    expect(dueSummary(state, T0 + 5 * MINUTE - 1)).toBeNull();
    const summary = dueSummary(state, T0 + 5 * MINUTE);
    expect(summary).toEqual({
      folded: { count: 2, since: T0 + MINUTE },
      state: { quietPeriodMinutes: 5, notifiedAt: T0 + 5 * MINUTE, suppressedCount: 0, suppressedSince: null },
    });
    // The summary starts the next quiet period.
    expect(onMatch(summary!.state, T0 + 6 * MINUTE).send).toBe(false);
  });

  it('one held match alone comes out as a plain message, and nothing is due without held matches', () => {
    const state = onMatch(onMatch(fresh(), T0).state, T0 + MINUTE).state;
    expect(dueSummary(state, T0 + 5 * MINUTE)?.folded).toBeNull();
    expect(dueSummary(onMatch(fresh(), T0).state, T0 + 60 * MINUTE)).toBeNull();
  });

  it('a quiet period of 0 sends every match, and releases anything held back at once', () => {
    let state = fresh(0);
    for (let i = 0; i < 5; i += 1) {
      const decision = onMatch(state, T0 + i);
      expect(decision).toMatchObject({ send: true, folded: null });
      state = decision.state;
    }
    const held = { ...onMatch(onMatch(fresh(), T0).state, T0 + MINUTE).state, quietPeriodMinutes: 0 };
    expect(summaryDueAt(held)).toBe(T0);
  });

  it('accounts for every match exactly once, whatever the times', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (period, gaps, polls) => {
          let state = fresh(period);
          let now = T0;
          let accounted = 0;
          gaps.forEach((gap, index) => {
            now += gap;
            if (polls[index]) {
              const summary = dueSummary(state, now);
              if (summary) {
                accounted += 1 + (summary.folded?.count ?? 0);
                state = summary.state;
              }
            }
            const decision = onMatch(state, now);
            if (decision.send) accounted += 1 + (decision.folded?.count ?? 0);
            state = decision.state;
          });
          expect(accounted + state.suppressedCount).toBe(gaps.length);
        },
      ),
    );
  });
});
