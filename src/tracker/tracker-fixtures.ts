/**
 * What the tracker suites share: the built t.js, and a page that runs it. The script runs in a fresh jsdom
 * window per test (JSDOM's own API rather than the jsdom test environment: each page is isolated, and esbuild
 * runs in plain Node), with stubs for sendBeacon and fetch that keep every batch the tracker sends.
 */
import { createRequire } from 'node:module';
import { beforeAll, expect, vi } from 'vitest';
import { buildTracker } from '../../scripts/build-tracker.ts';
import { IngestBatchBody, type IngestBatchInput } from '../api/schemas/ingest.ts';
import { checkBatchEvents } from '../server/features/ingest/event-rules.ts';
import { validatorCompiler } from '../server/http/validation.ts';

export const ENDPOINT = 'https://app.example.test/v1/ingest';
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

/** Builds t.js before the suite's tests, for every page they open; returns it, read once they run. */
export function builtTracker(): () => string {
  beforeAll(async () => {
    code = await buildTracker();
  });
  return () => code;
}

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
export function openPage(options: PageOptions = {}) {
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

export type Page = ReturnType<typeof openPage>;

export const sa = (page: Page) =>
  (page.window as unknown as { sa: { track: (...args: unknown[]) => void; identify: (...args: unknown[]) => void } })
    .sa;
