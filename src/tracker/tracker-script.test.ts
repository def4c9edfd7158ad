/** The built t.js itself: its size, the one global it defines, and what a page tells it through window.sa. */
import { describe, expect, it } from 'vitest';
import { TRACKER_BUDGET_BYTES, gzippedSize } from '../../scripts/build-tracker.ts';
import { builtTracker, openPage, sa } from './tracker-fixtures.ts';

const code = builtTracker();

describe('the tracker (t.js)', () => {
  it('stays within its size budget', () => {
    expect(gzippedSize(code())).toBeLessThanOrEqual(TRACKER_BUDGET_BYTES);
  });

  it('defines window.sa and no other global', () => {
    const page = openPage();
    expect(page.newGlobals()).toEqual(['sa']);
    expect(typeof sa(page).track).toBe('function');
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
});
