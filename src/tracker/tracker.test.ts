import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TRACKER_BUDGET_BYTES, buildTracker, gzippedSize } from '../../scripts/build-tracker.ts';
import { IngestBatchBody, type IngestBatchInput } from '../api/schemas/ingest.ts';
import { checkBatchEvents } from '../server/features/ingest/event-rules.ts';
import { validatorCompiler } from '../server/http/validation.ts';

// The built t.js runs in a fresh jsdom window per test (JSDOM's own API rather than the jsdom test
// environment: each page is isolated, and esbuild runs in plain Node).

const ENDPOINT = 'https://app.example.test/v1/ingest';
const PAGE = `<!doctype html><html><head><title>Shop</title>
<script async src="https://app.example.test/t.js" data-key="pk_test"></script></head>
<body><main><button id="buy" class="primary big">Buy <b>now</b></button><a href="/docs" class="nav link extra">Docs</a>
<input id="q" value="my secret search"></main></body></html>`;

const validateBody = validatorCompiler({
  schema: IngestBatchBody,
  httpPart: 'body',
  method: 'POST',
  url: '/v1/ingest',
}) as (body: unknown) => boolean;

// jsdom ships no types and @types/jsdom is not installed: the little used here, typed by hand.
interface VirtualConsoleLike {
  on(event: 'jsdomError', listener: (error: Error) => void): void;
}
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; runScripts: 'outside-only'; virtualConsole: VirtualConsoleLike },
  ) => { window: Window & typeof globalThis };
  VirtualConsole: new () => VirtualConsoleLike;
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as JsdomModule;

let code = '';
beforeAll(async () => {
  code = await buildTracker();
});

interface PageOptions {
  beacon?: (url: string, blob: Blob) => boolean;
  /** The page's own fetch, which the tracker wraps (and falls back to for sending). */
  fetch?: (input: unknown, init?: RequestInit) => Promise<{ status: number }>;
  blockStorage?: boolean;
}

interface Sent {
  url: string;
  via: 'beacon' | 'fetch';
  body: string;
}

/** A page with the snippet, stubs for sendBeacon and fetch, and everything the tracker sends. */
function openPage(options: PageOptions = {}) {
  const pageErrors: unknown[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => pageErrors.push(error));
  const dom = new JSDOM(PAGE, {
    url: 'https://shop.example.com/products?utm_source=news',
    runScripts: 'outside-only',
    virtualConsole,
  });
  const window = dom.window;
  const sent: (Sent | Promise<Sent>)[] = [];
  const beacon = vi.fn((url: string, blob: Blob) => {
    const accepted = options.beacon ? options.beacon(url, blob) : true;
    if (accepted) sent.push(blob.text().then((body) => ({ url, via: 'beacon' as const, body })));
    return accepted;
  });
  Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
  const pageFetch = vi.fn((input: unknown, init?: RequestInit) => {
    if (input === ENDPOINT) sent.push({ url: String(input), via: 'fetch', body: String(init?.body) });
    return options.fetch ? options.fetch(input, init) : Promise.resolve({ status: 200 });
  });
  Object.assign(window, { fetch: pageFetch });
  const consoleSpies = { error: vi.fn(), log: vi.fn() };
  Object.assign(window.console, consoleSpies);
  if (options.blockStorage) {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new window.DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }
  const globalsBefore = new Set(Object.keys(window));
  window.eval(code);

  async function batches(): Promise<IngestBatchInput[]> {
    return (await Promise.all(sent)).map((item) => {
      expect(item.url).toBe(ENDPOINT);
      const body = JSON.parse(item.body) as IngestBatchInput;
      // Every batch is one the server takes.
      expect(validateBody(body), JSON.stringify((validateBody as unknown as { errors: unknown }).errors)).toBe(true);
      expect(() => checkBatchEvents(body)).not.toThrow();
      return body;
    });
  }

  /** Events of all batches sent so far, without their times. */
  async function events() {
    return (await batches()).flatMap((batch) => batch.events.map(({ time: _time, ...event }) => event));
  }

  const leave = () => window.dispatchEvent(new window.Event('pagehide'));
  const click = (element: Element, at = { clientX: 50, clientY: 50 }) =>
    element.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, ...at }));
  const newGlobals = () => Object.keys(window).filter((key) => !globalsBefore.has(key));
  return { window, beacon, pageFetch, consoleSpies, batches, events, leave, click, pageErrors, newGlobals };
}

type Page = ReturnType<typeof openPage>;

const sa = (page: Page) =>
  (page.window as unknown as { sa: { track: (...args: unknown[]) => void; identify: (...args: unknown[]) => void } })
    .sa;

describe('the tracker (t.js)', () => {
  it('stays within its size budget', () => {
    expect(gzippedSize(code)).toBeLessThanOrEqual(TRACKER_BUDGET_BYTES);
  });

  it('defines window.sa and no other global', () => {
    const page = openPage();
    expect(page.newGlobals()).toEqual(['sa']);
    expect(typeof sa(page).track).toBe('function');
  });

  it('opens a session with a start and a page view, and sends the batch when the page is left', async () => {
    const page = openPage();
    page.leave();
    const [batch] = await page.batches();
    expect(batch).toMatchObject({
      key: 'pk_test',
      batch_id: expect.stringMatching(/^b_[0-9a-z]{20}$/),
      visitor_id: expect.stringMatching(/^v_[0-9a-z]{20}$/),
      session_id: expect.stringMatching(/^s_[0-9a-z]{20}$/),
    });
    expect(batch?.events.map(({ time: _time, ...event }) => event)).toEqual([
      { kind: 1, url: 'https://shop.example.com/products?utm_source=news', referrer: '' },
      { kind: 3, url: 'https://shop.example.com/products?utm_source=news', title: 'Shop' },
      { kind: 2, url: 'https://shop.example.com/products?utm_source=news' },
    ]);
    expect(page.beacon).toHaveBeenCalledWith(ENDPOINT, expect.anything());
    const blob = page.beacon.mock.calls[0]?.[1];
    expect(blob?.type).toBe('text/plain');
  });

  it('records clicks and double clicks with a short selector and the text, never a field value', async () => {
    const page = openPage();
    const doc = page.window.document;
    page.click(doc.querySelector('#buy b') as Element);
    page.click(doc.querySelector('a.nav') as Element, { clientX: 400, clientY: 400 });
    page.click(doc.querySelector('#q') as Element, { clientX: 800, clientY: 800 });
    doc.querySelector('#buy')?.dispatchEvent(new page.window.MouseEvent('dblclick', { bubbles: true }));
    page.leave();
    const events = (await page.events()).filter((event) => event.kind === 5 || event.kind === 6);
    expect(events).toEqual([
      { kind: 5, selector: 'button#buy', text: 'Buy now' },
      { kind: 5, selector: 'body > main > a.nav.link', text: 'Docs' },
      { kind: 5, selector: 'input#q', text: '' },
      { kind: 6, selector: 'button#buy', text: 'Buy now' },
    ]);
  });

  it('reports rapid clicks on one spot as a rage click with their count', async () => {
    const page = openPage();
    const button = page.window.document.querySelector('#buy') as Element;
    for (let i = 0; i < 4; i++) page.click(button, { clientX: 100 + i * 5, clientY: 100 });
    page.leave();
    const events = await page.events();
    expect(events.filter((event) => event.kind === 5)).toHaveLength(4);
    expect(events.filter((event) => event.kind === 21)).toEqual([
      { kind: 21, selector: 'button#buy', text: 'Buy now', click_count: 4 },
    ]);
  });

  it('ends a rage streak after 700 ms without clicks', async () => {
    const page = openPage();
    const button = page.window.document.querySelector('#buy') as Element;
    for (let i = 0; i < 3; i++) page.click(button);
    await new Promise((resolve) => setTimeout(resolve, 900));
    page.click(button, { clientX: 300, clientY: 300 });
    page.leave();
    expect((await page.events()).filter((event) => event.kind === 21)).toEqual([
      { kind: 21, selector: 'button#buy', text: 'Buy now', click_count: 3 },
    ]);
  });

  it('records JavaScript errors and rejections, and a click followed by an error as an error click', async () => {
    const page = openPage();
    const { window } = page;
    page.click(window.document.querySelector('#buy') as Element);
    const error = new window.Error('payment is undefined');
    window.dispatchEvent(
      new window.ErrorEvent('error', {
        message: 'Uncaught TypeError: payment is undefined',
        error,
        filename: 'https://shop.example.com/app.js',
      }),
    );
    window.dispatchEvent(new window.ErrorEvent('error', { message: 'Second error', error: null }));
    const rejection = new window.PromiseRejectionEvent('unhandledrejection', {
      promise: window.Promise.resolve(),
      reason: new window.Error('timeout'),
    });
    window.dispatchEvent(rejection);
    page.leave();
    const events = await page.events();
    expect(events.filter((event) => event.kind === 25)).toEqual([
      {
        kind: 25,
        message: 'Uncaught TypeError: payment is undefined',
        stack: expect.stringContaining('payment is undefined'),
        url: 'https://shop.example.com/app.js',
      },
      { kind: 25, message: 'Second error' },
      { kind: 25, message: 'Error: timeout', stack: expect.any(String) },
    ]);
    // One error click per click: the first error after it.
    expect(events.filter((event) => event.kind === 20)).toEqual([
      { kind: 20, selector: 'button#buy', text: 'Buy now', message: 'Uncaught TypeError: payment is undefined' },
    ]);
    expect(page.pageErrors).toEqual([]);
  });

  it('wraps console methods: records the message and still calls the original', async () => {
    const page = openPage();
    expect(page.window.console.error).not.toBe(page.consoleSpies.error);
    page.window.console.error('checkout failed', { code: 42 }, 7);
    page.window.console.log('hello');
    expect(page.consoleSpies.error).toHaveBeenCalledWith('checkout failed', { code: 42 }, 7);
    expect(page.consoleSpies.log).toHaveBeenCalledWith('hello');
    page.leave();
    expect((await page.events()).filter((event) => event.kind === 24)).toEqual([
      { kind: 24, level: 'error', message: 'checkout failed {"code":42} 7' },
      { kind: 24, level: 'log', message: 'hello' },
    ]);
  });

  it('records failed requests as network errors and others as requests, untouched for the page', async () => {
    const page = openPage({
      fetch: (input) => Promise.resolve({ status: String(input).includes('cart') ? 503 : 200 }),
    });
    const response = await page.window.fetch('/api/cart', { method: 'post' });
    expect(response.status).toBe(503);
    await page.window.fetch('https://cdn.example.com/a.json');
    page.leave();
    const events = (await page.events()).filter((event) => event.kind === 29 || event.kind === 30);
    expect(events).toEqual([
      { kind: 30, url: 'https://shop.example.com/api/cart', method: 'POST', status: 503, duration: expect.any(Number) },
      { kind: 29, url: 'https://cdn.example.com/a.json', method: 'GET', status: 200, duration: expect.any(Number) },
    ]);
  });

  it('records a fetch that fails without a response as a network error with status 0, and rethrows to the page', async () => {
    const page = openPage({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(page.window.fetch('/api/down')).rejects.toThrow('Failed to fetch');
    page.leave();
    expect((await page.events()).filter((event) => event.kind === 30)).toEqual([
      { kind: 30, url: 'https://shop.example.com/api/down', method: 'GET', status: 0, duration: expect.any(Number) },
    ]);
  });

  it('records single-page navigations as page views', async () => {
    const page = openPage();
    page.window.history.pushState({}, '', '/checkout');
    page.window.history.pushState({}, '', '/checkout');
    page.leave();
    expect((await page.events()).filter((event) => event.kind === 3).map((event) => event.url)).toEqual([
      'https://shop.example.com/products?utm_source=news',
      'https://shop.example.com/checkout',
    ]);
  });

  it('records identify and custom events through window.sa', async () => {
    const page = openPage();
    sa(page).identify({ email: ' Ada@Example.COM ', name: 'Ada', params: { plan: 'pro', seats: 3 } });
    sa(page).identify({ email: 'not an e-mail' });
    sa(page).track('signup', { plan: 'pro', seats: 3, trial: true, nested: { a: 1 } });
    sa(page).track('');
    sa(page).track(42);
    page.leave();
    const events = (await page.events()).filter((event) => event.kind === 4 || event.kind === 26);
    expect(events).toEqual([
      { kind: 4, email: 'Ada@Example.COM', name: 'Ada', params: { plan: 'pro', seats: '3' } },
      { kind: 26, name: 'signup', properties: { plan: 'pro', seats: 3, trial: true, nested: '{"a":1}' } },
    ]);
  });

  it('sends on its own once 50 events are queued, each batch with its own id', async () => {
    const page = openPage();
    for (let i = 0; i < 60; i++) sa(page).track(`event ${i}`);
    const early = await page.batches();
    expect(early).toHaveLength(1);
    expect(early[0]?.events).toHaveLength(50);
    page.leave();
    const all = await page.batches();
    expect(all).toHaveLength(2);
    expect(new Set(all.map((batch) => batch.batch_id)).size).toBe(2);
    expect(new Set(all.map((batch) => batch.session_id)).size).toBe(1);
  });

  it('falls back to a keepalive fetch when sendBeacon refuses or throws, and never throws into the page', async () => {
    for (const beacon of [
      () => false,
      () => {
        throw new Error('beacon broke');
      },
    ]) {
      const page = openPage({ beacon });
      page.click(page.window.document.querySelector('#buy') as Element);
      expect(() => page.leave()).not.toThrow();
      const viaFetch = page.pageFetch.mock.calls.filter(([input]) => input === ENDPOINT);
      expect(viaFetch).toHaveLength(1);
      expect(viaFetch[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
      expect(page.pageErrors).toEqual([]);
      // The tracker's own send is not recorded as a page request.
      expect((await page.events()).some((event) => event.kind === 29 || event.kind === 30)).toBe(false);
    }
  });

  it('never throws into the page when both sendBeacon and fetch throw', () => {
    const page = openPage({
      beacon: () => {
        throw new Error('beacon broke');
      },
      fetch: () => {
        throw new Error('fetch broke');
      },
    });
    page.click(page.window.document.querySelector('#buy') as Element);
    expect(() => page.leave()).not.toThrow();
    expect(page.pageErrors).toEqual([]);
  });

  it('does nothing, quietly, when storage is blocked', () => {
    const page = openPage({ blockStorage: true });
    expect(() => {
      sa(page).track('x');
      sa(page).identify({ email: 'a@b.c' });
      page.click(page.window.document.querySelector('#buy') as Element);
      page.leave();
    }).not.toThrow();
    expect(page.beacon).not.toHaveBeenCalled();
    expect(page.newGlobals()).toEqual(['sa']);
    expect(page.pageErrors).toEqual([]);
  });
});
