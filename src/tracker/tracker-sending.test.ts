/**
 * How t.js sends: a session's first batch when the page is left, a batch of its own at 50 events, the fallbacks
 * when sending fails, and never a throw into the page.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT, builtTracker, openPage, sa } from './tracker-fixtures.ts';

builtTracker();

describe('the tracker (t.js)', () => {
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
