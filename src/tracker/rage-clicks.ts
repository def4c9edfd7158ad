import { RAGE_CLICK } from '../api/event-catalogue.ts';

/** A click as the rage detector sees it: when and where. */
export interface ClickPoint<T> {
  time: number;
  x: number;
  y: number;
  /** What was clicked, passed through to the rage click. */
  target: T;
}

export interface ClickStreak<T> {
  count: number;
  first: ClickPoint<T>;
  last: ClickPoint<T>;
}

/** Clicks at most this far apart in time (ms) and from the streak's first click (px) form one streak. */
export const RAGE_WINDOW_MS = 700;
export const RAGE_RADIUS_PX = 30;

/**
 * Groups clicks into streaks: each within RAGE_WINDOW_MS of the previous one and within RAGE_RADIUS_PX
 * of the first. `push` and `end` return the streak that just ended when it counts as a rage click
 * (at least RAGE_CLICK.minClicks clicks, the least the service accepts), else null. The caller calls `end` once no click came for the window.
 */
export function createRageDetector<T>() {
  let streak: ClickStreak<T> | null = null;

  function end(): ClickStreak<T> | null {
    const finished = streak;
    streak = null;
    return finished && finished.count >= RAGE_CLICK.minClicks ? finished : null;
  }

  function push(click: ClickPoint<T>): ClickStreak<T> | null {
    if (
      streak &&
      click.time - streak.last.time <= RAGE_WINDOW_MS &&
      Math.hypot(click.x - streak.first.x, click.y - streak.first.y) <= RAGE_RADIUS_PX
    ) {
      streak.count += 1;
      streak.last = click;
      return null;
    }
    const finished = end();
    streak = { count: 1, first: click, last: click };
    return finished;
  }

  return { push, end };
}
