import type { RecorderSettings } from './privacy.ts';
import { snapshotOptions, startRecording } from './start-recording.ts';
import { warmUpSnapshot } from './warm-up.ts';

/**
 * Runs `start` in a task of its own once the page is idle (at most `timeoutMs` later): the first snapshot
 * serialises the whole page, and kept apart from this script's own evaluation neither makes a long task
 * on a page of a few thousand elements.
 */
function whenIdle(start: () => void, timeoutMs: number): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: timeoutMs });
  else window.setTimeout(start, 0);
}

/**
 * The first wait for an idle moment; the warm-up's later passes and the snapshot wait less, so that on a
 * page that is never idle recording still starts within about two seconds.
 */
const FIRST_WAIT_MS = 1000;
const NEXT_WAIT_MS = 100;

/**
 * Passes over the warm-up document (a few hundred nodes each) before the first snapshot: V8 optimises the
 * serializer's functions after a few thousand calls. Each pass takes 3–30 ms; fewer passes left the first
 * snapshot of a 2,000-element page over 50 ms.
 */
const WARM_UP_PASSES = 10;

// The entry point of r.js, which the tracker adds to the page only for sessions it records.
try {
  const script = document.currentScript;
  const key = script?.getAttribute('data-key');
  const config = script?.getAttribute('data-config');
  if (script instanceof HTMLScriptElement && key && config) {
    const endpoint = new URL('/v1/ingest/recording', script.src).href;
    const settings = JSON.parse(config) as RecorderSettings;
    // rrweb's serializer first warms up on a small document, one short idle task per pass, so that the page's
    // first snapshot, a task of its own afterwards, runs optimised code: about half as long as cold, which
    // keeps it under 50 ms on a page of a few thousand elements.
    const options = snapshotOptions(document, settings);
    let passes = 0;
    const warmUp = () => {
      try {
        passes = warmUpSnapshot(window, options) ? passes + 1 : WARM_UP_PASSES;
      } catch {
        passes = WARM_UP_PASSES;
      }
      if (passes < WARM_UP_PASSES) return whenIdle(warmUp, NEXT_WAIT_MS);
      whenIdle(() => {
        try {
          startRecording(
            window,
            {
              endpoint,
              key,
              win: window,
              fetch: typeof window.fetch === 'function' ? window.fetch.bind(window) : undefined,
            },
            settings,
          );
        } catch {
          // Whatever went wrong, the page carries on without a replay.
        }
      }, NEXT_WAIT_MS);
    };
    whenIdle(warmUp, FIRST_WAIT_MS);
  }
} catch {
  // Whatever went wrong, the page carries on without a replay.
}
