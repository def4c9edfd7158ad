/** Where this tab remembers, per session, whether the session was sampled for replay. */
const DECISION_KEY = 'sa_replay';

interface ReplaySettings {
  enabled: boolean;
  sample_rate: number;
  respect_gpc: boolean;
}

export interface ReplayLoaderOptions {
  /** The tracker's own URL: the config and the recorder come from the same server. */
  scriptSrc: string;
  key: string;
  /** The page's fetch as it was before the tracker wrapped it. */
  fetch: typeof fetch | undefined;
}

function currentSessionId(win: Window): string {
  return (win.sessionStorage.getItem('sa_session') ?? '').split(' ')[0] ?? '';
}

/**
 * Asks the server whether this website records, decides once per session whether this one is
 * sampled (kept in sessionStorage, so every page of the session agrees), and only then loads the
 * recorder, r.js, with the website's settings. Global Privacy Control stops it when the website honours it.
 */
export function loadReplay(win: Window & typeof globalThis, options: ReplayLoaderOptions): void {
  const sessionId = currentSessionId(win);
  if (!sessionId || !options.fetch) return;
  const [decidedFor, decision] = (win.sessionStorage.getItem(DECISION_KEY) ?? '').split(' ');
  if (decidedFor === sessionId && decision === '0') return;
  const base = new URL('/', options.scriptSrc).href;
  options
    .fetch(`${base}v1/ingest/config?key=${encodeURIComponent(options.key)}`, { credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<{ recording?: ReplaySettings }>) : null))
    .then((config) => {
      const settings = config?.recording;
      if (!settings) return;
      let sampled = decidedFor === sessionId && decision === '1';
      if (decidedFor !== sessionId) {
        sampled = settings.enabled && Math.random() * 100 < settings.sample_rate;
        win.sessionStorage.setItem(DECISION_KEY, `${sessionId} ${sampled ? 1 : 0}`);
      }
      const privacySignal =
        (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
      if (!sampled || !settings.enabled || (settings.respect_gpc && privacySignal)) return;
      const script = win.document.createElement('script');
      script.async = true;
      script.src = `${base}r.js`;
      script.setAttribute('data-key', options.key);
      script.setAttribute('data-config', JSON.stringify(settings));
      win.document.head.appendChild(script);
    })
    .catch(() => undefined);
}
