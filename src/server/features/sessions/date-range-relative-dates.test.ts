import { describe, expect, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { expectedRelativeDay } from './test-support/expected-relative-day.ts';
import { RELATIVE_DATES } from './date-range.ts';
import { ZONES, isoOffset, midnight, resolve, seconds } from './date-range-fixtures.ts';

// Expected values come from Temporal (an independent implementation of zone rules), never from luxon.

function localToday(now: Date, tz: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(tz).toPlainDate();
}

const NOWS: Record<string, string> = {
  'Monday after Europe DST start (2026-03-29)': '2026-03-30T12:00:00Z',
  'Europe DST start day, before the change': '2026-03-29T00:30:00Z',
  'Europe DST start day (a Sunday), after the change': '2026-03-29T12:00:00Z',
  'Monday after New York DST end (2026-11-01)': '2026-11-02T15:00:00Z',
  'New York DST end day': '2026-11-01T18:00:00Z',
  'Sydney, the day after DST end (2026-04-05)': '2026-04-06T01:00:00Z',
  'Sydney, the day after DST start (2026-10-04)': '2026-10-05T01:00:00Z',
  'Auckland, the day after DST start (2026-09-27)': '2026-09-28T00:00:00Z',
  'Santiago, the day after DST start at midnight (2026-09-06)': '2026-09-07T12:00:00Z',
  'Santiago, the day after DST end (2026-04-05)': '2026-04-06T12:00:00Z',
  'Havana, a week after midnight was skipped (2026-03-08)': '2026-03-15T12:00:00Z',
  'Havana, the day after midnight was repeated (2026-11-01)': '2026-11-02T12:00:00Z',
  'start of a month': '2026-05-01T10:00:00Z',
  '1 March, 30 days back crosses February': '2026-03-01T12:00:00Z',
  'a leap day': '2024-02-29T12:00:00Z',
  'a Monday just after midnight UTC': '2026-06-01T00:05:00Z',
  'a Sunday late UTC (already Monday east of UTC)': '2026-06-07T23:30:00Z',
  '1 January in every zone': '2027-01-01T12:00:00Z',
  'New Year only east of UTC': '2026-12-31T13:30:00Z',
};

describe('resolveDateRange: relative dates', () => {
  for (const tz of ZONES) {
    for (const [label, nowIso] of Object.entries(NOWS)) {
      it(`${tz}, ${label}`, () => {
        const now = new Date(nowIso);
        const today = localToday(now, tz);
        for (const key of RELATIVE_DATES) {
          const expected = midnight(expectedRelativeDay(key, today), tz);
          const range = resolve({ date_from: key, date_to: key, tz }, now);
          const message = `${key} in ${tz} at ${nowIso}`;
          expect(range.from, message).toBe(seconds(expected));
          expect(range.to, message).toBe(seconds(expected));
          expect(range.fromIso, message).not.toBeNull();
          expect(Temporal.Instant.from(range.fromIso ?? '').epochMilliseconds, message).toBe(
            expected.epochMilliseconds,
          );
          expect(isoOffset(range.fromIso ?? ''), message).toBe(expected.offset);
          expect(range.toIso, message).toBe(range.fromIso);
          expect(range.tz).toBe(tz);
        }
      });
    }
  }

  it('counts calendar days, not 24 h blocks, across a spring-forward change', () => {
    const now = new Date('2026-03-30T12:00:00Z');
    const today = resolve({ date_from: 'TODAY', tz: 'Europe/London' }, now).from ?? 0;
    const weekAgo = resolve({ date_from: 'TODAY-7DAYS', tz: 'Europe/London' }, now).from ?? 0;
    expect(weekAgo).not.toBe(today - 7 * 86_400);
    expect(weekAgo - (today - 7 * 86_400)).toBe(3600);
    expect(weekAgo).toBe(seconds(midnight(localToday(now, 'Europe/London').subtract({ days: 7 }), 'Europe/London')));
  });

  it('counts calendar days, not 24 h blocks, across a fall-back change', () => {
    const now = new Date('2026-11-02T15:00:00Z');
    const today = resolve({ date_from: 'TODAY', tz: 'America/New_York' }, now).from ?? 0;
    const weekAgo = resolve({ date_from: 'TODAY-7DAYS', tz: 'America/New_York' }, now).from ?? 0;
    expect(weekAgo - (today - 7 * 86_400)).toBe(-3600);
  });

  it('gives BEGINNING_OF_WEEK as today when today is a Monday, and six days back on a Sunday', () => {
    const monday = resolve({ date_from: 'BEGINNING_OF_WEEK', tz: 'UTC' }, new Date('2026-06-01T10:00:00Z'));
    const sunday = resolve({ date_from: 'BEGINNING_OF_WEEK', tz: 'UTC' }, new Date('2026-06-07T10:00:00Z'));
    expect(Temporal.PlainDate.from('2026-06-01').dayOfWeek).toBe(1);
    expect(monday.from).toBe(seconds(midnight('2026-06-01', 'UTC')));
    expect(sunday.from).toBe(seconds(midnight('2026-06-01', 'UTC')));
  });

  it('gives BEGINNING_OF_PREV_MONTH in the previous year on 1 January', () => {
    const range = resolve(
      { date_from: 'BEGINNING_OF_PREV_MONTH', tz: 'Pacific/Auckland' },
      new Date('2026-12-31T13:30:00Z'),
    );
    expect(range.fromIso?.startsWith('2026-12-01T00:00:00.000+13:00')).toBe(true);
  });
});
