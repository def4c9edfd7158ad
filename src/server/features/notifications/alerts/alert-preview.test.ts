import { describe, expect, it } from 'vitest';
import { replayAlert } from './alert-preview.ts';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 20, 9, 0, 0);
const at = (...minutes: number[]) => minutes.map((minute) => START + minute * MINUTE);
const NOW = START + 7 * 24 * 60 * MINUTE;

describe('replaying an alert over past matches', () => {
  it('without flood control, every match is a message', () => {
    expect(replayAlert({ threshold: null, quietPeriodMinutes: 0 }, at(0, 1, 2), NOW)).toEqual({
      matches: 3,
      fires: 3,
      messages: 3,
      held_back: 0,
    });
  });

  it('a quiet period sends the first match, then one summary for the matches it held back', () => {
    // 0 sends; 1 and 2 are held; the period ends at 5 with a summary; 20 sends again.
    expect(replayAlert({ threshold: null, quietPeriodMinutes: 5 }, at(0, 1, 2, 20), NOW)).toEqual({
      matches: 4,
      fires: 4,
      messages: 3,
      held_back: 2,
    });
  });

  it('counts a summary still due at the end only once its period is over', () => {
    const rule = { threshold: null, quietPeriodMinutes: 5 };
    expect(replayAlert(rule, at(0, 1), START + 3 * MINUTE).messages).toBe(1);
    expect(replayAlert(rule, at(0, 1), START + 5 * MINUTE).messages).toBe(2);
  });

  it('with a threshold, only matches that reach it fire, and those go through the quiet period', () => {
    const rule = { threshold: { count: 3, windowMinutes: 10 }, quietPeriodMinutes: 5 };
    // 0 and 30 alone never reach 3 within 10 minutes; 40, 41, 42 do at 42; 43 is held; summary at 47.
    expect(replayAlert(rule, at(0, 30, 40, 41, 42, 43), NOW)).toEqual({
      matches: 6,
      fires: 2,
      messages: 2,
      held_back: 1,
    });
  });
});
