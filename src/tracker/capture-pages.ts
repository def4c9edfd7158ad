import { KIND, LIMITS } from './contract.ts';
import { type Recorder, sessionIsLive } from './recorder.ts';
import { guard, safely } from './safe.ts';
import { clip } from './text.ts';

const FLUSH_INTERVAL_MS = 5000;

/**
 * Page views (the load, then single-page-app navigations through history.pushState and back/forward)
 * and the page's lifecycle: queued events go out every 5 s, when the page is hidden, and when it is
 * left, which also records the session's (possible) end.
 */
export function capturePages(win: Window & typeof globalThis, recorder: Recorder, beforeFlush: () => void): void {
  let lastUrl = '';
  const pageView = () => {
    const url = recorder.pageUrl();
    if (url === lastUrl) return;
    lastUrl = url;
    recorder.record(KIND.pageView, { url, title: clip(win.document.title, LIMITS.text) });
  };

  const history = win.history;
  const pushState = history.pushState;
  history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
    const result = pushState.apply(this, args);
    safely(pageView);
    return result;
  };
  win.addEventListener('popstate', guard(pageView));
  pageView();

  const flush = () => {
    beforeFlush();
    recorder.flush();
  };
  win.document.addEventListener(
    'visibilitychange',
    guard(() => {
      if (win.document.visibilityState === 'hidden') flush();
    }),
  );
  win.addEventListener(
    'pagehide',
    guard(() => {
      beforeFlush();
      if (sessionIsLive(recorder, Date.now())) recorder.record(KIND.sessionEnd, { url: recorder.pageUrl() });
      recorder.flush();
    }),
  );
  win.setInterval(guard(recorder.flush), FLUSH_INTERVAL_MS);
}
