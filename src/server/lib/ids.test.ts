import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from './ids.ts';

describe('newId', () => {
  it('sorts in creation order, even many within one millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => newId('alr'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries its prefix and only lower-case letters and digits', () => {
    expect(newId('whk')).toMatch(/^whk_[0-9a-z]{24}$/);
  });
});

describe('randomBase62', () => {
  it('gives strings of the length asked, from the base62 alphabet, all different', () => {
    const values = Array.from({ length: 500 }, () => randomBase62(40));
    for (const value of values) expect(value).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(new Set(values).size).toBe(values.length);
  });

  it('draws every character of the alphabet about equally often, across many blocks of random bytes', () => {
    // 2,000 strings of 62 characters take about 33 times the 4,096 bytes drawn at once.
    const counts = new Map<string, number>();
    for (let index = 0; index < 2_000; index += 1) {
      for (const char of randomBase62(62)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // Each character is expected 2,000 times; a uniform draw stays well within 20% of that.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(1_600);
      expect(count).toBeLessThan(2_400);
    }
  });
});
