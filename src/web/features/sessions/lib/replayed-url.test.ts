import { describe, expect, it } from 'vitest';
import type { RecordedFrame } from './load-recording.ts';
import type { SessionEvent } from './replay-types.ts';
import { replayedUrlAt } from './replayed-url.ts';

const FIRST_FRAME = 1_790_000_000_000;
// The server's clock runs 2 s ahead of the visitor's.
const clock = { firstFrameAt: FIRST_FRAME, clockOffsetMs: 2_000 };

const frame = (afterMs: number, type: number, data: unknown = {}) =>
  ({ type, timestamp: FIRST_FRAME + afterMs, data }) as RecordedFrame;
/** A tracker event `afterMs` into the replay, stamped on the server's clock. */
const event = (afterMs: number, kind: number, url?: string) =>
  ({
    id: `e${afterMs}`,
    kind,
    time: FIRST_FRAME + clock.clockOffsetMs + afterMs,
    details: url === undefined ? {} : { url },
  }) as unknown as SessionEvent;

describe('replayedUrlAt', () => {
  const frames = [
    frame(0, 4, { href: 'https://shop.example/' }),
    frame(10, 2),
    frame(5_000, 3),
    frame(9_000, 4, { href: 'https://shop.example/cart' }),
    frame(9_010, 2),
  ];

  it('follows the pages a single-page app shows without loading them, and the pages it loads', () => {
    const events = [
      event(0, 1, 'https://shop.example/'),
      event(3_000, 5),
      event(4_000, 3, 'https://shop.example/checkout'),
      event(12_000, 3, 'https://shop.example/thanks'),
    ];
    expect(replayedUrlAt(frames, events, clock, 0)).toBe('https://shop.example/');
    expect(replayedUrlAt(frames, events, clock, 3_999)).toBe('https://shop.example/');
    // A page view without a page load (a route change): only the tracker saw it.
    expect(replayedUrlAt(frames, events, clock, 4_000)).toBe('https://shop.example/checkout');
    expect(replayedUrlAt(frames, events, clock, 8_999)).toBe('https://shop.example/checkout');
    // A page load later than the last page view.
    expect(replayedUrlAt(frames, events, clock, 9_500)).toBe('https://shop.example/cart');
    expect(replayedUrlAt(frames, events, clock, 12_000)).toBe('https://shop.example/thanks');
  });

  it('reads the page loads alone when the tracker sent no page views, and nothing before the clock is known', () => {
    expect(replayedUrlAt(frames, [], clock, 5_000)).toBe('https://shop.example/');
    expect(replayedUrlAt(frames, [], clock, 9_000)).toBe('https://shop.example/cart');
    expect(replayedUrlAt(frames, [event(1_000, 3, 'https://shop.example/a')], null, 5_000)).toBe('');
  });
});
