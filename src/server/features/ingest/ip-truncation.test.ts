import { describe, expect, it } from 'vitest';
import { truncateIp } from './ip-truncation.ts';

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:203.0.113.77')).toBe('203.0.113.0');
  });

  it('keeps the /48 of an IPv6 address, in the short form', () => {
    expect(truncateIp('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::');
    expect(truncateIp('2001:0db8:00ab:0012:0000:0000:0000:0001')).toBe('2001:db8:ab::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8::');
    expect(truncateIp('::1')).toBe('::');
  });

  it('stores nothing for what is not an address', () => {
    expect(truncateIp('')).toBe('');
    expect(truncateIp('unknown')).toBe('');
  });
});
