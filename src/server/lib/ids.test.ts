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
});
