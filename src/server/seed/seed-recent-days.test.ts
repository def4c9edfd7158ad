import { describe, expect, it } from 'vitest';
import { productsOfHost } from './pages.ts';
import { Random } from './random.ts';
import { generateVisitor, pickSessionCount, sitesTable } from './visitor-generator.ts';

// A Monday, 09:40 UTC: "today so far" is a morning, as when someone opens the demo at work.
const NOW = Date.UTC(2026, 10, 23, 9, 40) / 1000;
const DAY = 86_400;
const DAYS = 60;
const SESSIONS = 40_000;

function generateStarts(): number[] {
  const random = new Random(11);
  const sites = sitesTable([{ id: 'w_1', host: 'shop.acme.com', products: productsOfHost('shop.acme.com') }]);
  const context = { accountId: 'a_1', sites, windowStart: NOW - DAYS * DAY, now: NOW };
  const starts: number[] = [];
  while (starts.length < SESSIONS) {
    const count = Math.min(SESSIONS - starts.length, pickSessionCount(random));
    for (const session of generateVisitor(random, context, count).sessions) starts.push(session.creation_timestamp);
  }
  return starts;
}

/** Sessions starting in [from, to), against the mean of the same stretch one to four weeks earlier. */
function againstEarlierWeeks(starts: number[], from: number, to: number) {
  const count = (a: number, b: number) => starts.filter((start) => start >= a && start < b).length;
  const earlier = [1, 2, 3, 4].map((weeks) => count(from - weeks * 7 * DAY, to - weeks * 7 * DAY));
  return { recent: count(from, to), usual: earlier.reduce((sum, n) => sum + n, 0) / earlier.length };
}

describe('demo traffic over the most recent days', () => {
  const starts = generateStarts();
  const todayStart = NOW - (NOW % DAY);

  it.each([1, 2, 3])('has as many sessions %i day(s) ago as on the same weekday in earlier weeks', (daysAgo) => {
    const from = todayStart - daysAgo * DAY;
    const { recent, usual } = againstEarlierWeeks(starts, from, from + DAY);
    expect(recent / usual).toBeGreaterThan(0.8);
    expect(recent / usual).toBeLessThan(1.2);
  });

  it('has as many sessions today so far as by the same hour on the same weekday before', () => {
    const { recent, usual } = againstEarlierWeeks(starts, todayStart, NOW);
    expect(usual).toBeGreaterThan(50);
    expect(recent / usual).toBeGreaterThan(0.75);
    expect(recent / usual).toBeLessThan(1.25);
  });

  it('keeps every session inside the window', () => {
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW - DAYS * DAY);
    expect(Math.max(...starts)).toBeLessThan(NOW);
  });
});
