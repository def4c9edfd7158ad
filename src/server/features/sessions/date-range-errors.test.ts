import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { resolveDateRange } from './date-range.ts';
import { isDateBound } from '../../../api/date-bounds.ts';

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

describe('the dashboard and the server agree on which dates a link may hold', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const accepted = (value: string) => {
    try {
      resolveDateRange({ date_from: value, tz: 'Europe/Paris' }, now);
      return true;
    } catch {
      return false;
    }
  };
  it.each([
    ...['TODAY', 'TODAY-30DAYS', 'BEGINNING_OF_PREV_MONTH', '2024-02-29', '2026-11-30T23:59:59.999999999'],
    ...['2026-11-30T12:30+05:30', '2026-11-30T00:00Z', '0001-01-01', '9999-12-31T23:59:59'],
    ...[
      'today',
      'garbage',
      '',
      '2026-02-29',
      '2026-13-01',
      '2026-11-31',
      '2026-11-30T24:00',
      '2026-11-30T24:30',
      '2026-11-30T24:00:00.5',
      '2026-11-30T12:60',
    ],
    ...['2026-11-30T12:30:60', '2026-11-30 12:30', '2026-11-30T12', '26-11-30', '2026-11-30T12:30+24:00'],
  ])('%j', (value) => {
    expect(isDateBound(value)).toBe(accepted(value));
  });
});
