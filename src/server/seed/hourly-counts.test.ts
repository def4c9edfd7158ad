import { describe, expect, it } from 'vitest';
import { SESSION_FACETS } from '../features/sessions/session-bulk-rows.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { countByDay, countByHour, countFacetsByDay, countFacetsByHour, type FacetCount } from './hourly-counts.ts';
import { productsOfHost } from './pages.ts';
import { Random } from './random.ts';
import { generateVisitor, pickSessionCount, sitesTable } from './visitor-generator.ts';

const NOW = Date.UTC(2026, 10, 20) / 1000;

/** Visitors of two accounts, over several websites and two months, in one mixed batch. */
function batch(seed: number, sessionCount: number) {
  const random = new Random(seed);
  const visitors: VisitorsTable[] = [];
  const sessions: SessionsTable[] = [];
  const accounts = ['acc_b', 'acc_a'].map((accountId) => ({
    accountId,
    sites: sitesTable(
      ['shop', 'www', 'docs'].map((label) => ({
        id: `w_${accountId}_${label}`,
        host: `${label}.example.com`,
        products: productsOfHost(`${label}.example.com`),
      })),
    ),
    windowStart: NOW - 60 * 86_400,
    now: NOW,
  }));
  while (sessions.length < sessionCount) {
    const context = accounts[sessions.length % 2] as (typeof accounts)[number];
    const generated = generateVisitor(random, context, pickSessionCount(random));
    visitors.push(generated.visitor);
    sessions.push(...generated.sessions);
  }
  return { visitors, sessions };
}

/** The same counts the plain way: one joined key per (account, facet, value, hour, website). */
const byId = (visitors: readonly VisitorsTable[]) => new Map(visitors.map((visitor) => [visitor.id, visitor]));

function reference(sessions: readonly SessionsTable[], visitors: readonly VisitorsTable[]): FacetCount[] {
  const byId = new Map(visitors.map((visitor) => [visitor.id, visitor]));
  const counts = new Map<string, FacetCount>();
  for (const session of sessions) {
    for (const [facet, valueOf] of SESSION_FACETS) {
      const found = valueOf(session, byId.get(session.visitor_id));
      for (const value of found === null ? [] : typeof found === 'string' ? [found] : found) {
        if (value === '') continue;
        const hour = Math.floor(session.creation_timestamp / 3600) * 3600;
        const key = JSON.stringify([session.account_id, facet, value, hour, session.website_id]);
        const row = counts.get(key) ?? {
          account_id: session.account_id,
          facet,
          value,
          hour,
          website_id: session.website_id,
          sessions: 0,
        };
        row.sessions += 1;
        counts.set(key, row);
      }
    }
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts.values()].sort(
    (a, b) =>
      text(a.account_id, b.account_id) ||
      text(a.facet, b.facet) ||
      text(a.value, b.value) ||
      a.hour - b.hour ||
      text(a.website_id, b.website_id),
  );
}

describe('countFacetsByHour', () => {
  it('counts every facet value per account, hour and website, in key order', () => {
    const { visitors, sessions } = batch(7, 3000);
    const counted = countFacetsByHour(sessions, byId(visitors));
    expect(counted).toEqual(reference(sessions, visitors));
    expect(new Set(counted.map((row) => row.account_id))).toEqual(new Set(['acc_a', 'acc_b']));
    expect(counted.reduce((total, row) => total + (row.facet === 'device' ? row.sessions : 0), 0)).toBe(
      sessions.filter((session) => session.device !== '').length,
    );
  });

  it('handles a single session and an empty batch', () => {
    const { visitors, sessions } = batch(11, 1);
    const one = sessions.slice(0, 1);
    expect(countFacetsByHour(one, byId(visitors))).toEqual(reference(one, visitors));
    expect(countFacetsByHour([], new Map())).toEqual([]);
  });
});

describe('countByDay and countFacetsByDay', () => {
  const day = (hour: number) => Math.floor(hour / 86_400) * 86_400;

  it('sum hourly counts per UTC day, once per key, in key order, whatever order they come in', () => {
    const { visitors, sessions } = batch(5, 2000);
    const facets = countFacetsByHour(sessions, byId(visitors));
    const shuffled = [...facets].reverse();
    const daily = countFacetsByDay(shuffled);
    expect(daily).toEqual(countFacetsByDay(facets));
    const keyOf = (row: { account_id: string; facet: string; value: string; website_id: string }, at: number) =>
      JSON.stringify([row.account_id, row.facet, row.value, at, row.website_id]);
    const expected = new Map<string, number>();
    for (const row of facets) {
      const key = keyOf(row, day(row.hour));
      expected.set(key, (expected.get(key) ?? 0) + row.sessions);
    }
    expect(new Map(daily.map((row) => [keyOf(row, row.day), row.sessions]))).toEqual(expected);
    expect(daily).toHaveLength(expected.size);
    const sorted = [...daily].sort(
      (a, b) =>
        (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0) ||
        (a.facet < b.facet ? -1 : a.facet > b.facet ? 1 : 0) ||
        (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) ||
        a.day - b.day ||
        (a.website_id < b.website_id ? -1 : a.website_id > b.website_id ? 1 : 0),
    );
    expect(daily).toEqual(sorted);

    const hourly = countByHour(sessions);
    const days = countByDay(hourly);
    expect(days.reduce((total, row) => total + row.sessions, 0)).toBe(sessions.length);
    expect(new Set(days.map((row) => `${row.account_id} ${row.website_id} ${row.day}`)).size).toBe(days.length);
    expect(days.every((row) => row.day % 86_400 === 0)).toBe(true);
  });
});
