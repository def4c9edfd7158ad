import { afterEach, describe, expect, it, vi } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { AppError } from '../../errors.ts';
import { expectedRelativeDay } from './test-support/expected-relative-day.ts';
import { RELATIVE_DATES, resolveDateRange, type ResolvedDateRange } from './date-range.ts';

// Expected values come from Temporal (an independent implementation of zone rules), never from luxon.

function localToday(now: Date, tz: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(tz).toPlainDate();
}

/** Start of the local day: Temporal moves a midnight lost in a DST gap to the first existing instant. */
function midnight(date: Temporal.PlainDate | string, tz: string): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: tz }).startOfDay();
}

function seconds(zdt: Temporal.ZonedDateTime): number {
  return zdt.epochMilliseconds / 1000;
}

/** The offset written in an ISO string, with Z spelled as +00:00. */
function isoOffset(iso: string): string {
  return iso.endsWith('Z') ? '+00:00' : iso.slice(-6);
}

function resolve(
  input: Parameters<typeof resolveDateRange>[0],
  now = new Date('2026-03-30T12:00:00Z'),
): ResolvedDateRange {
  const range = resolveDateRange(input, now);
  if (range === null) throw new Error('expected a range');
  return range;
}

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an error');
}

function expectValidationError(fn: () => unknown, code: string, param: string): void {
  const error = thrown(fn);
  expect({ status: error.status, type: error.type, code: error.code, param: error.param }).toEqual({
    status: 400,
    type: 'validation_error',
    code,
    param,
  });
  expect(error.message.length).toBeGreaterThan(0);
}

const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/Santiago',
  'America/Havana', // midnight skipped in March, repeated in November
  'UTC',
];

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

describe('resolveDateRange: ISO dates and date-times', () => {
  it('reads YYYY-MM-DD as midnight in tz', () => {
    for (const tz of ZONES) {
      for (const date of ['2026-03-29', '2026-03-30', '2026-04-05', '2026-09-27', '2026-11-01', '2024-02-29']) {
        expect(resolve({ date_from: date, tz }).from, `${date} in ${tz}`).toBe(seconds(midnight(date, tz)));
      }
    }
  });

  it('uses the first existing instant of a day whose midnight was skipped', () => {
    const santiago = resolve({ date_from: '2026-09-06', tz: 'America/Santiago' });
    expect(santiago.from).toBe(seconds(midnight('2026-09-06', 'America/Santiago')));
    expect(santiago.fromIso).toBe('2026-09-06T01:00:00.000-03:00');
    const havana = resolve({ date_from: '2026-03-08', tz: 'America/Havana' });
    expect(havana.fromIso).toBe('2026-03-08T01:00:00.000-04:00');
  });

  describe('with the real clock in summer and in winter', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    // luxon resolves a repeated wall time by a guess taken from the current clock; the result must not depend on it.
    for (const clock of ['2026-07-01T12:00:00Z', '2027-01-15T12:00:00Z']) {
      it(`uses the first of two midnights on a fall-back day (clock ${clock})`, () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(clock));
        const expected = midnight('2026-11-01', 'America/Havana');
        expect(resolve({ date_from: '2026-11-01', tz: 'America/Havana' }).from).toBe(seconds(expected));
        const today = resolve({ date_from: 'TODAY', tz: 'America/Havana' }, new Date('2026-11-01T18:00:00Z'));
        expect(today.from).toBe(seconds(expected));
        expect(today.fromIso).toBe('2026-11-01T00:00:00.000-04:00');
      });

      it(`reads a repeated local time as its first occurrence (clock ${clock})`, () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(clock));
        const expected = Temporal.PlainDateTime.from('2026-11-01T01:30').toZonedDateTime('America/New_York', {
          disambiguation: 'earlier',
        });
        const range = resolve({ date_from: '2026-11-01T01:30', tz: 'America/New_York' });
        expect(range.from).toBe(seconds(expected));
        expect(range.fromIso).toBe('2026-11-01T01:30:00.000-04:00');
      });
    }
  });

  it('takes a date-time with an offset as that instant, whatever tz is', () => {
    for (const value of [
      '2025-03-30T10:00:00Z',
      '2025-03-30T10:00:00+02:00',
      '2025-03-30T10:00-05:30',
      '2025-03-30T00:30:00+00:00',
    ]) {
      for (const tz of ['Europe/London', 'Asia/Kolkata', 'America/Santiago']) {
        const range = resolve({ date_from: value, tz });
        const instant = Temporal.Instant.from(value);
        expect(range.from, `${value} in ${tz}`).toBe(instant.epochMilliseconds / 1000);
        const offset = instant.toZonedDateTimeISO(tz).offset;
        expect(isoOffset(range.fromIso ?? ''), `${value} in ${tz}`).toBe(offset);
      }
    }
  });

  it('reads a date-time without an offset as local time in tz', () => {
    for (const tz of ZONES) {
      for (const value of ['2025-03-30T10:00', '2025-03-30T10:00:00', '2025-10-26T23:59:59', '2026-07-01T00:00']) {
        const expected = Temporal.PlainDateTime.from(value).toZonedDateTime(tz);
        const range = resolve({ date_to: value, tz });
        expect(range.to, `${value} in ${tz}`).toBe(seconds(expected));
        expect(isoOffset(range.toIso ?? ''), `${value} in ${tz}`).toBe(expected.offset);
      }
    }
  });

  it('moves a local time inside a DST gap forward by the gap, as Temporal does', () => {
    const expected = Temporal.PlainDateTime.from('2026-03-29T01:30').toZonedDateTime('Europe/London');
    const range = resolve({ date_from: '2026-03-29T01:30', tz: 'Europe/London' });
    expect(range.from).toBe(seconds(expected));
    expect(range.fromIso).toBe('2026-03-29T02:30:00.000+01:00');
  });

  it('accepts fractional seconds and rounds both bounds up to whole seconds', () => {
    const cases = [
      '2025-03-30T10:00:00.000Z',
      '2025-03-30T10:00:00.5Z',
      '2025-03-30T10:00:00.250+02:00',
      '2025-03-30T10:00:00.999999Z',
      '2025-03-30T10:00:00.000001Z',
      '2025-03-30T10:00:00.123456789',
    ];
    for (const value of cases) {
      const exact = (
        /(Z|[+-]\d{2}:\d{2})$/.test(value)
          ? Temporal.Instant.from(value)
          : Temporal.PlainDateTime.from(value).toZonedDateTime('Europe/London').toInstant()
      ).epochNanoseconds;
      // The smallest whole second at or after the instant.
      const expected = Number((exact + 999_999_999n) / 1_000_000_000n);
      const range = resolve({ date_from: value, date_to: value });
      expect(range.from, value).toBe(expected);
      expect(range.to, value).toBe(expected);
    }
  });

  it('defaults tz to Europe/London', () => {
    const summer = resolve({ date_from: '2026-07-01', date_to: '2026-12-01' });
    expect(summer.tz).toBe('Europe/London');
    expect(summer.from).toBe(seconds(midnight('2026-07-01', 'Europe/London')));
    expect(summer.fromIso).toBe('2026-07-01T00:00:00.000+01:00');
    expect(summer.toIso).toBe('2026-12-01T00:00:00.000+00:00');
    const today = resolve({ date_from: 'TODAY' }, new Date('2026-03-29T12:00:00Z'));
    expect(today.fromIso).toBe('2026-03-29T00:00:00.000+00:00');
  });

  it('writes fromIso/toIso with the offset of tz and they parse back to the same instant', () => {
    for (const tz of ZONES) {
      const range = resolve({ date_from: 'BEGINNING_OF_PREV_MONTH', date_to: '2026-07-01T12:34:56.789', tz });
      for (const [iso, sec] of [
        [range.fromIso, range.from],
        [range.toIso, range.to],
      ] as const) {
        const instant = Temporal.Instant.from(iso ?? '');
        expect(Math.ceil(instant.epochMilliseconds / 1000)).toBe(sec);
        expect(isoOffset(iso ?? '')).toBe(instant.toZonedDateTimeISO(tz).offset);
      }
    }
  });

  it('allows an empty range (from equal to to) and one-sided ranges', () => {
    expect(resolve({ date_from: 'TODAY', date_to: 'TODAY' })).toMatchObject({ from: expect.any(Number) });
    const onlyTo = resolve({ date_to: 'YESTERDAY', tz: 'UTC' });
    expect(onlyTo.from).toBeNull();
    expect(onlyTo.fromIso).toBeNull();
    expect(onlyTo.to).toBe(seconds(midnight('2026-03-29', 'UTC')));
    const onlyFrom = resolve({ date_from: 'YESTERDAY', tz: 'UTC' });
    expect(onlyFrom.to).toBeNull();
    expect(onlyFrom.toIso).toBeNull();
  });

  it('returns null when no date is given', () => {
    const now = new Date('2026-03-30T12:00:00Z');
    expect(resolveDateRange({}, now)).toBeNull();
    expect(resolveDateRange({ tz: 'Asia/Kolkata' }, now)).toBeNull();
  });
});

describe('resolveDateRange: errors', () => {
  const now = new Date('2026-03-30T12:00:00Z');

  it('rejects an unknown time zone, even without dates', () => {
    for (const tz of ['Mars/Olympus_Mons', 'Europe/Londn', '', 'UTC+3', 'local', 'GMT+01:00']) {
      expectValidationError(() => resolveDateRange({ date_from: 'TODAY', tz }, now), 'invalid_timezone', 'tz');
      expectValidationError(() => resolveDateRange({ tz }, now), 'invalid_timezone', 'tz');
    }
  });

  it('rejects garbage and impossible dates, naming the parameter', () => {
    const bad = [
      '',
      'today',
      'Today',
      ' TODAY',
      'TODAY ',
      'TODAY-8DAYS',
      'TODAY-7days',
      'TODAY-1DAYS',
      'LAST_WEEK',
      'not a date',
      '2025-02-30',
      '2025-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-1-1',
      '20250330',
      '2025-03-30T25:00',
      '2025-03-30T10:60',
      '2025-03-30 10:00',
      '2025-03-30T10',
      '2025-03-30T10:00:00+2',
      '2025-03-30T10:00:00+25:00',
      '2025-03-30T10:00:00+02:60',
      '2025-03-30T10:00:00+0200',
      '2025-03-30t10:00:00z',
      '1743328800',
      '2025-03-30T10:00:00Z[Europe/London]',
    ];
    for (const value of bad) {
      expectValidationError(() => resolveDateRange({ date_from: value }, now), 'invalid_date', 'date_from');
      expectValidationError(() => resolveDateRange({ date_to: value, tz: 'UTC' }, now), 'invalid_date', 'date_to');
    }
  });

  it('rejects date_from after date_to', () => {
    expectValidationError(
      () => resolveDateRange({ date_from: 'TODAY', date_to: 'YESTERDAY' }, now),
      'invalid_date_range',
      'date_from',
    );
    expectValidationError(
      () => resolveDateRange({ date_from: '2025-03-30T10:00:01Z', date_to: '2025-03-30T10:00:00Z' }, now),
      'invalid_date_range',
      'date_from',
    );
  });
});
