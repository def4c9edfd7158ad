import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatDuration,
  formatIsoInZone,
  formatScore,
  formatTimestamp,
  urlHost,
} from './session-format.ts';

describe('session formatting', () => {
  it('formats durations as hours, minutes and seconds', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(180)).toBe('3m 0s');
    expect(formatDuration(3725)).toBe('1h 2m 5s');
    expect(formatDuration(-3)).toBe('0s');
  });

  it('reads instants in the zone asked for', () => {
    // 2026-03-29T00:30:00Z is still the evening before in New York.
    expect(formatTimestamp(1_774_744_200, 'UTC')).toBe('29 Mar 2026, 00:30:00');
    expect(formatTimestamp(1_774_744_200, 'America/New_York')).toBe('28 Mar 2026, 20:30:00');
    expect(formatIsoInZone('2026-11-22T05:00:00.000Z', 'America/New_York')).toBe('22 Nov 2026 00:00');
  });

  it('names the country of a code, without flag emoji that some systems cannot draw', () => {
    expect(countryName('fr')).toBe('France');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('')).toBe('');
    expect(countryName('XYZ')).toBe('XYZ');
    expect(countryName('FR')).not.toMatch(/\p{Regional_Indicator}/u);
  });

  it('shows the host of a URL', () => {
    expect(urlHost('https://www.google.com/search?q=x')).toBe('www.google.com');
    expect(urlHost('')).toBe('');
  });

  it('shows an engagement score to the tenth the filter reads, whole scores without one', () => {
    // Rounded to 50, 49.7 would seem to belong in "at least 50", which leaves it out.
    expect(formatScore(49.7)).toBe('49.7');
    expect(formatScore(50)).toBe('50');
    expect(formatScore(72.25)).toBe('72.3');
    expect(formatScore(99.96)).toBe('100');
    expect(formatScore(0)).toBe('0');
  });
});
