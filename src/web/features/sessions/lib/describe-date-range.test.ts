import { describe, expect, it } from 'vitest';
import { describeDateRange } from './describe-date-range.ts';

describe('describeDateRange', () => {
  it('shows an open range up to now in the zone the server used', () => {
    expect(describeDateRange({ from: '2026-11-22T00:00:00.000-05:00', to: null, tz: 'America/New_York' }, 'UTC')).toBe(
      'Showing 22 Nov 2026 00:00 – now, America/New_York',
    );
  });

  it('shows both ends of a closed range', () => {
    expect(
      describeDateRange(
        { from: '2026-10-01T00:00:00.000+01:00', to: '2026-11-01T00:00:00.000+00:00', tz: 'Europe/London' },
        'UTC',
      ),
    ).toBe('Showing 1 Oct 2026 00:00 – 1 Nov 2026 00:00, Europe/London');
  });

  it('says so when only an end was given', () => {
    expect(describeDateRange({ from: null, to: '2026-11-01T00:00:00.000Z', tz: 'UTC' }, 'UTC')).toBe(
      'Showing everything before 1 Nov 2026 00:00, UTC',
    );
  });

  it('says "all time" when no date filter was sent', () => {
    expect(describeDateRange(undefined, 'Europe/Paris')).toBe('Showing all time; times in Europe/Paris');
  });
});
