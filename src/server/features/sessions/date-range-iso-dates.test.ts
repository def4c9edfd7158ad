import { afterEach, describe, expect, it, vi } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { resolveDateRange } from './date-range.ts';
import { ZONES, isoOffset, midnight, resolve, seconds } from './date-range-fixtures.ts';

// Expected values come from Temporal (an independent implementation of zone rules), never from luxon.

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

  it('tells a bound in UTC when its offset has seconds, so the text names the instant used', () => {
    for (const [date, tz] of [
      ['0000-01-01', 'Europe/London'],
      ['1800-01-01', 'America/New_York'],
      ['1850-06-01', 'Europe/Amsterdam'],
    ] as const) {
      const range = resolve({ date_from: date, tz });
      const expected = midnight(date, tz);
      expect(range.from, `${date} in ${tz}`).toBe(seconds(expected));
      expect(Temporal.Instant.from(range.fromIso ?? '').epochMilliseconds, `${date} in ${tz}`).toBe(
        expected.epochMilliseconds,
      );
      expect(range.fromIso, `${date} in ${tz}`).toMatch(/Z$/);
    }
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
