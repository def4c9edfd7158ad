import type { RecordedFrame } from './load-recording.ts';
import { type ReplayClock, offsetOfServerTime } from './replay-clock.ts';
import type { SessionEvent } from './replay-types.ts';

/** rrweb's frame for a page load, holding its address. */
const META_FRAME = 4;
/** The tracker's session start and page views, each with the page's `url`. */
const PAGE_EVENTS = new Set([1, 3]);

/**
 * The address of the page the replay shows at `offset`: the later of the last page load rrweb recorded
 * (its meta frame) and the last page view the tracker recorded. A single-page app changes pages without
 * loading one, so only the page views follow it there.
 */
export function replayedUrlAt(
  frames: readonly RecordedFrame[],
  events: readonly SessionEvent[],
  clock: ReplayClock | null,
  offset: number,
): string {
  if (clock === null) return '';
  let url = '';
  let since = -Infinity;
  const at = clock.firstFrameAt + offset;
  for (const frame of frames) {
    if (frame.timestamp > at) break;
    if (frame.type !== META_FRAME) continue;
    const href = (frame.data as { href?: unknown } | undefined)?.href;
    if (typeof href === 'string') {
      url = href;
      since = frame.timestamp - clock.firstFrameAt;
    }
  }
  for (const event of events) {
    const pageUrl = event.details.url;
    if (!PAGE_EVENTS.has(event.kind) || typeof pageUrl !== 'string' || pageUrl === '') continue;
    const eventOffset = offsetOfServerTime(clock, event.time);
    if (eventOffset <= offset && eventOffset >= since) {
      url = pageUrl;
      since = eventOffset;
    }
  }
  return url;
}
