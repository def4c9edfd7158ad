import { startRecording } from './start-recording.ts';
import type { RecorderSettings } from './privacy.ts';

/**
 * Runs `start` in a task of its own once the page is idle (at most a second later): the first snapshot
 * serialises the whole page, and kept apart from this script's own evaluation neither makes a long task
 * on a page of a few thousand elements.
 */
function whenIdle(start: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 1000 });
  else window.setTimeout(start, 0);
}

// The entry point of r.js, which the tracker adds to the page only for sessions it records.
try {
  const script = document.currentScript;
  const key = script?.getAttribute('data-key');
  const config = script?.getAttribute('data-config');
  if (script instanceof HTMLScriptElement && key && config) {
    const endpoint = new URL('/v1/ingest/recording', script.src).href;
    const settings = JSON.parse(config) as RecorderSettings;
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
    });
  }
} catch {
  // Whatever went wrong, the page carries on without a replay.
}
