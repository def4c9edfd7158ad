import { describe, expect, it } from 'vitest';
import { RAGE_RADIUS_PX, RAGE_WINDOW_MS, createRageDetector } from './rage-clicks.ts';

const click = (time: number, x = 100, y = 100, target = 'button') => ({ time, x, y, target });

describe('createRageDetector', () => {
  it('reports three clicks within 700 ms of each other and 30 px of the first, with their count', () => {
    const detector = createRageDetector<string>();
    expect(detector.push(click(0))).toBeNull();
    expect(detector.push(click(300, 110, 95))).toBeNull();
    expect(detector.push(click(1000, 120, 100))).toBeNull();
    expect(detector.push(click(1600, 100, 120))).toBeNull();
    expect(detector.end()).toMatchObject({ count: 4, first: { time: 0 }, last: { time: 1600 } });
  });

  it('does not report two clicks, nor clicks slower than the window', () => {
    const detector = createRageDetector<string>();
    detector.push(click(0));
    detector.push(click(RAGE_WINDOW_MS));
    expect(detector.end()).toBeNull();
    detector.push(click(0));
    detector.push(click(RAGE_WINDOW_MS + 1));
    expect(detector.push(click(2 * RAGE_WINDOW_MS + 2))).toBeNull();
    expect(detector.end()).toBeNull();
  });

  it('starts a new streak for a click too far away, reporting the one it ended', () => {
    const detector = createRageDetector<string>();
    detector.push(click(0, 0, 0, 'a'));
    detector.push(click(100, 0, 0, 'a'));
    detector.push(click(200, 0, 0, 'a'));
    const ended = detector.push(click(300, RAGE_RADIUS_PX + 1, 0, 'b'));
    expect(ended).toMatchObject({ count: 3, first: { target: 'a' } });
    expect(detector.end()).toBeNull();
  });

  it('reports a streak once', () => {
    const detector = createRageDetector<string>();
    for (const time of [0, 100, 200]) detector.push(click(time));
    expect(detector.end()?.count).toBe(3);
    expect(detector.end()).toBeNull();
  });
});
