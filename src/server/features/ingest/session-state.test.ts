import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BatchSummary, summariseBatch, utmFromUrl } from './batch-summary.ts';
import type { RecordedEvent } from './recorded-event.ts';
import { mergeBatchIntoSession, newSessionRow, newVisitorRow, updateVisitor } from './session-state.ts';
import { parseUserAgent } from './user-agent.ts';

const T0 = 1_750_000_000_000;
const RETENTION_SECONDS = 30 * 86_400;
let counter = 0;

function event(kind: number, secondsIn: number, details: RecordedEvent['details'] = {}): RecordedEvent {
  counter += 1;
  return { id: `evt_${counter}`, kind: kind as RecordedEvent['kind'], occurredAt: T0 + secondsIn * 1000, details };
}

const origin = {
  accountId: 'acc_1',
  websiteId: 'web_1',
  visitorId: 'v_1',
  sessionId: 's_1',
  ip: '203.0.113.9',
  geolocation: { country_code: 'FR', region: 'IDF', city: 'Paris' },
  client: parseUserAgent(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
  ),
  screen: { width: 390, height: 844 },
  visitorFirstSession: true,
  retentionSeconds: RETENTION_SECONDS,
};

function apply(batches: RecordedEvent[][], activeMillis = 0) {
  const first = summariseBatch(batches[0] ?? []);
  let row = newSessionRow(origin, first);
  for (const batch of batches) row = mergeBatchIntoSession(row, summariseBatch(batch), activeMillis, origin.screen);
  return row;
}

describe('summariseBatch', () => {
  it('counts clicks, error clicks, rage clicks, error logs (console.error and JS errors) and network errors', () => {
    const summary: BatchSummary = summariseBatch([
      event(5, 0, { selector: 'a' }),
      event(5, 1, { selector: 'a' }),
      event(6, 1, { selector: 'a' }),
      event(20, 2, { selector: 'a', message: 'x' }),
      event(21, 3, { selector: 'a', click_count: 4 }),
      event(24, 4, { level: 'error', message: 'x' }),
      event(24, 4, { level: 'warn', message: 'x' }),
      event(25, 5, { message: 'x' }),
      event(30, 6, { url: 'https://a/x', status: 500 }),
      event(29, 6, { url: 'https://a/y', status: 200 }),
    ]);
    expect(summary.counts).toEqual({ clicks: 2, error_clicks: 1, rage_clicks: 1, error_logs: 2, net_errors: 1 });
    expect(summary.firstAt).toBe(T0);
    expect(summary.lastAt).toBe(T0 + 6000);
  });

  it('merges identities in order: the last e-mail and name win, params add up', () => {
    const summary = summariseBatch([
      event(4, 0, { email: 'a@example.com', params: { plan: 'free', team: 'x' } }),
      event(4, 1, { name: 'Ada', params: { plan: 'pro' } }),
    ]);
    expect(summary.identity).toEqual({ email: 'a@example.com', name: 'Ada', params: { plan: 'pro', team: 'x' } });
  });
});

describe('session rows', () => {
  it('opens a session with the client, place, start URL, UTM and a 30-day expiry', () => {
    const row = apply([
      [
        event(1, 0, {
          url: 'https://shop.example.com/?utm_source=news&utm_campaign=spring',
          referrer: 'https://search.test/',
        }),
        event(3, 0, { url: 'https://shop.example.com/?utm_source=news&utm_campaign=spring' }),
      ],
    ]);
    expect(row).toMatchObject({
      creation_timestamp: T0 / 1000,
      expiration_timestamp: T0 / 1000 + RETENTION_SECONDS,
      start_url: 'https://shop.example.com/?utm_source=news&utm_campaign=spring',
      end_url: 'https://shop.example.com/?utm_source=news&utm_campaign=spring',
      referrer: 'https://search.test/',
      utm_source: 'news',
      utm_campaign: 'spring',
      utm_medium: '',
      device: 'mobile',
      os_name: 'iOS',
      browser_name: 'Safari',
      resolution_width: 390,
      resolution_height: 844,
      country_code: 'FR',
      ip: '203.0.113.9',
      page_views: 1,
      visitor_first_session: 1,
    });
  });

  it('adds batches up whatever their order: times widen, counters add, the latest page view is the end', () => {
    const early = [
      event(1, 0, { url: 'https://s/a' }),
      event(3, 0, { url: 'https://s/a' }),
      event(5, 10, { selector: 'b' }),
    ];
    const late = [
      event(3, 100, { url: 'https://s/b' }),
      event(5, 110, { selector: 'b' }),
      event(30, 120, { url: 'https://s/api', status: 500 }),
    ];
    for (const order of [
      [early, late],
      [late, early],
    ]) {
      const row = apply(order, 45_400);
      expect(row).toMatchObject({
        creation_timestamp: T0 / 1000,
        last_event_timestamp: T0 / 1000 + 120,
        end_timestamp: T0 / 1000 + 120,
        duration: 120,
        active_time: 45,
        start_url: 'https://s/a',
        end_url: 'https://s/b',
        page_views: 2,
        clicks: 2,
        net_errors: 1,
      });
      expect(row.last_seen_page_view_id).toBe(late[0]?.id);
      expect(row.engagement_score).toBeGreaterThan(0);
    }
  });

  it('never counts more active time than the duration', () => {
    expect(apply([[event(3, 0, { url: 'https://s/' }), event(5, 5, { selector: 'a' })]], 60_000).active_time).toBe(5);
  });
});

describe('visitor rows', () => {
  it("stores the e-mail as given, its lower-case form and that form's SHA-256, and merges params by name", () => {
    const visitor = updateVisitor(
      {
        ...newVisitorRow('acc_1', 'v_1', 100),
        params: JSON.stringify([
          { name: 'plan', value: 'free' },
          { name: 'team', value: 'x' },
        ]),
      },
      90,
      { email: ' Ada.Lovelace@Example.COM ', name: 'Ada', params: { plan: 'pro' } },
    );
    expect(visitor).toMatchObject({
      email: 'Ada.Lovelace@Example.COM',
      email_lower: 'ada.lovelace@example.com',
      email_hash: crypto.createHash('sha256').update('ada.lovelace@example.com').digest('hex'),
      name: 'Ada',
      name_key: 'ada',
      name_tail_key: null,
      first_session_timestamp: 90,
      last_session_timestamp: 100,
    });
    expect(JSON.parse(visitor.params)).toEqual([
      { name: 'team', value: 'x' },
      { name: 'plan', value: 'pro' },
    ]);
  });

  it('leaves identity fields alone without an identify', () => {
    const row = { ...newVisitorRow('acc_1', 'v_1', 100), email: 'a@b.c', email_lower: 'a@b.c', name: 'A' };
    expect(updateVisitor(row, 200, null)).toEqual({ ...row, last_session_timestamp: 200 });
  });
});

describe('utmFromUrl', () => {
  it('reads the five utm parameters and tolerates unreadable URLs', () => {
    expect(utmFromUrl('https://s/?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e')).toEqual({
      source: 'a',
      medium: 'b',
      campaign: 'c',
      term: 'd',
      content: 'e',
    });
    expect(utmFromUrl('not a url').source).toBe('');
  });
});
