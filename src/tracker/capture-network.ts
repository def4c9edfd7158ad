import { KIND, LIMITS } from './contract.ts';
import type { Recorder } from './recorder.ts';
import { safely } from './safe.ts';
import { absoluteUrl, clip } from './text.ts';

/**
 * Wraps fetch and XMLHttpRequest. A status of 400 or more, or no response at all, is a network error
 * (kind 30); other requests are recorded sparingly (kind 29, the first 30 of a page). The tracker's own
 * sends are never recorded. What the page gets back is untouched.
 */
export function captureNetwork(win: Window & typeof globalThis, recorder: Recorder): void {
  const recordRequest = (method: string, url: string, status: number, started: number) => {
    const absolute = absoluteUrl(url, win.location.href);
    if (absolute.startsWith(recorder.endpoint)) return;
    const kind = status >= 400 || status === 0 ? KIND.networkError : KIND.networkRequest;
    if (!recorder.allowed(kind)) return;
    recorder.record(kind, {
      url: clip(absolute, LIMITS.url),
      method: clip(method.toUpperCase(), 16),
      status,
      duration: Math.max(0, Date.now() - started),
    });
  };

  const originalFetch = win.fetch;
  if (typeof originalFetch === 'function') {
    win.fetch = function (input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const started = Date.now();
      const response = originalFetch.call(win, input, init);
      safely(() => {
        const request = typeof input === 'object' && 'method' in input ? input : null;
        const method = init?.method ?? request?.method ?? 'GET';
        const url = request ? request.url : String(input);
        response.then(
          (result) => safely(() => recordRequest(method, url, result.status, started)),
          () => safely(() => recordRequest(method, url, 0, started)),
        );
      });
      return response;
    };
  }

  const Xhr = win.XMLHttpRequest;
  if (typeof Xhr !== 'function') return;
  const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  const open = Xhr.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  const send = Xhr.prototype.send;
  Xhr.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    safely(() => requests.set(this, { method: String(args[0]), url: String(args[1]) }));
    return open.apply(this, args);
  };
  Xhr.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    safely(() => {
      const request = requests.get(this);
      if (!request) return;
      const started = Date.now();
      let aborted = false;
      this.addEventListener('abort', () => {
        aborted = true;
      });
      this.addEventListener('loadend', () =>
        safely(() => aborted || recordRequest(request.method, request.url, this.status, started)),
      );
    });
    return send.call(this, body);
  };
}
