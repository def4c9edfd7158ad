import { describe, expect, it } from 'vitest';
import { formatDate, formatDateMinute, formatDateSecond, formatFullDateTime, formatNumber } from './locale.ts';
import { formatTimeAgo } from './time-ago.ts';

// Noon in UTC is the same calendar day in every zone from UTC-11 to UTC+11.
const NOON = new Date('2026-12-01T12:00:05Z');

describe('the dashboard locale', () => {
  it('writes the day before the month, the month in words, whatever the browser reads', () => {
    expect(formatDate(NOON)).toBe('1 Dec 2026');
    expect(formatDateMinute(NOON)).toMatch(/^1 Dec 2026, \d{2}:\d{2}$/);
    expect(formatDateSecond(NOON)).toMatch(/^1 Dec 2026, \d{2}:\d{2}:05$/);
  });

  it('keeps a 24-hour clock', () => {
    const evening = new Date(NOON.getTime() + 7 * 3600 * 1000);
    expect(formatDateSecond(evening)).not.toMatch(/am|pm/i);
  });

  it('names the weekday and month in full on hover', () => {
    expect(formatFullDateTime(NOON)).toMatch(/^Tuesday,? 1 December 2026 at /);
  });

  it('groups thousands with commas', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });

  it('says how long ago in English words', () => {
    expect(formatTimeAgo('2026-11-30T12:00:05Z', NOON.getTime())).toBe('yesterday');
    expect(formatTimeAgo('2026-12-01T11:55:05Z', NOON.getTime())).toBe('5 minutes ago');
  });
});
