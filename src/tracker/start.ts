import { captureClicks } from './capture-clicks.ts';
import { captureConsole } from './capture-console.ts';
import { captureErrors } from './capture-errors.ts';
import { captureNetwork } from './capture-network.ts';
import { capturePages } from './capture-pages.ts';
import { requestClientHints } from './client-hints.ts';
import { createRecorder } from './recorder.ts';
import { loadReplay } from './replay-loader.ts';
import { guard, safely } from './safe.ts';
import { type TrackerApi, visitorApi } from './visitor-api.ts';

type TrackerWindow = Window & typeof globalThis & { sa?: TrackerApi };

const noop = () => undefined;

/**
 * Starts recording on the page that loaded the snippet `<script src=".../t.js" data-key="pk_…">`. Sends
 * to /v1/ingest on the server the script came from. Defines window.sa at once (no-ops until recording
 * can start, and for good when it cannot), so pages may call it unconditionally.
 */
export function startTracker(win: TrackerWindow): void {
  if (win.sa) return;
  const api: TrackerApi = { track: noop, identify: noop };
  win.sa = api;
  const doc = win.document;
  const script = (doc.currentScript ?? doc.querySelector('script[data-key]')) as HTMLScriptElement | null;
  const key = script?.getAttribute('data-key');
  if (!script || !key) return;
  // Taken before captureNetwork wraps it: the tracker's own sends are not page requests.
  const pageFetch = typeof win.fetch === 'function' ? win.fetch.bind(win) : undefined;
  const recorder = createRecorder(win, {
    endpoint: new URL('/v1/ingest', script.src).href,
    key,
    navigator: win.navigator,
    fetch: pageFetch,
    screen: { width: win.screen.width, height: win.screen.height },
    clientHints: requestClientHints(win.navigator),
  });
  if (!recorder) return;
  const real = visitorApi(recorder);
  api.track = guard(real.track);
  api.identify = guard(real.identify);
  const endRageStreak = captureClicks(doc, recorder);
  captureErrors(win, recorder);
  captureConsole(win, recorder);
  captureNetwork(win, recorder);
  capturePages(win, recorder, endRageStreak);
  // After the first page view, so the session id exists.
  safely(() => loadReplay(win, { scriptSrc: script.src, key, fetch: pageFetch }));
}
