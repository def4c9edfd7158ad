// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, preferredTimeZone, rememberTimeZone, resolveTimeZone } from './time-zones.ts';

afterEach(() => window.localStorage.clear());

describe('the person’s time zone', () => {
  it('is the browser’s until the person chooses one, then the chosen one', () => {
    expect(preferredTimeZone()).toBe(browserTimeZone());
    rememberTimeZone('Asia/Tokyo');
    expect(preferredTimeZone()).toBe('Asia/Tokyo');
  });

  it('is never remembered as something that is not a zone', () => {
    rememberTimeZone('Mars/Base');
    expect(preferredTimeZone()).toBe(browserTimeZone());
    window.localStorage.setItem('time-zone', 'Mars/Base');
    expect(preferredTimeZone()).toBe(browserTimeZone());
  });

  it('is overridden by a valid zone in the address, and a refused one is reported', () => {
    rememberTimeZone('Asia/Tokyo');
    expect(resolveTimeZone('America/Lima')).toEqual({ timeZone: 'America/Lima', refused: null });
    expect(resolveTimeZone('Mars/Base')).toEqual({ timeZone: 'Asia/Tokyo', refused: 'Mars/Base' });
    expect(resolveTimeZone(null)).toEqual({ timeZone: 'Asia/Tokyo', refused: null });
  });
});
