/** What t.js records from the page: clicks and rage clicks, errors and the console, requests, navigations. */
import { describe, expect, it } from 'vitest';
import { builtTracker, openPage } from './tracker-fixtures.ts';

builtTracker();

describe('the tracker (t.js)', () => {
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
});
