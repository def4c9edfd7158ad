import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatTimeAgo', () => {
  it('says "just now" under a minute, and for times slightly in the future', () => {
    expect(formatTimeAgo(ago(0), NOW)).toBe('just now');
    expect(formatTimeAgo(ago(59), NOW)).toBe('just now');
    expect(formatTimeAgo(ago(-5), NOW)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(formatTimeAgo(ago(5 * 60 + 30), NOW)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(26 * 3600), NOW)).toBe('yesterday');
    expect(formatTimeAgo(ago(400 * 24 * 3600), NOW)).toBe('last year');
  });
});
