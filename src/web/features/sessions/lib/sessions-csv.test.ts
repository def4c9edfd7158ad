import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../components/sessions/make-session.ts';
import { sessionsToCsv } from './sessions-csv.ts';

describe('sessionsToCsv', () => {
  it('writes one row per session under a header, times in the chosen zone', () => {
    const csv = sessionsToCsv([makeSession({ visitor: { name: 'Lima, Ana' } })], 'America/New_York');
    const [header, row, end] = csv.split('\r\n');
    expect(header?.split(',').slice(0, 4)).toEqual(['session_id', 'start_time', 'start_unix', 'duration_seconds']);
    expect(row).toContain('ses_01J9Z8Q4,2026-11-22T');
    expect(row).toContain('-05:00,1795339800,754,');
    expect(row).toContain('"Lima, Ana",ana@example.com');
    expect(row).toContain('checkout;vip');
    expect(end).toBe('');
  });
});
