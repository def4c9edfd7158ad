import { describe, expect, it } from 'vitest';
import { containsFolded, foldedPrefixes } from './text-case.ts';

describe('foldedPrefixes', () => {
  it('gives one lower-cased prefix for text of A to Z and other characters without case', () => {
    expect(foldedPrefixes('Lucas M.')).toEqual({ prefixes: ['lucas m.'], rest: false });
    expect(foldedPrefixes('李 7')).toEqual({ prefixes: ['李 7'], rest: false });
  });

  it('gives each letter beyond A to Z in both its cases', () => {
    expect(foldedPrefixes('Émi').prefixes.sort()).toEqual(['Émi', 'émi'].sort());
    expect(foldedPrefixes('zoë ü').prefixes.sort()).toEqual(['zoë ü', 'zoë Ü', 'zoË ü', 'zoË Ü'].sort());
  });

  it('stops before the fourth such letter and says the rest must be tested', () => {
    const { prefixes, rest } = foldedPrefixes('ÄÖÜÉx');
    expect(rest).toBe(true);
    expect(prefixes).toHaveLength(8);
    expect(prefixes).toContain('äöü');
    expect(prefixes).toContain('ÄÖÜ');
  });
});

describe('containsFolded', () => {
  it('compares in any case, whatever the database folded', () => {
    expect(containsFolded('https://example.de/Äpfel', 'äPFEL')).toBe(true);
    expect(containsFolded('https://example.de/äpfel', 'ÄPFEL')).toBe(true);
    expect(containsFolded('https://example.de/äpfel', 'birne')).toBe(false);
  });
});
