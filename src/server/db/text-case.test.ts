import { describe, expect, it } from 'vitest';
import { containsFolded } from './text-case.ts';

describe('containsFolded', () => {
  it('compares in any case, whatever the database folded', () => {
    expect(containsFolded('https://example.de/Äpfel', 'äPFEL')).toBe(true);
    expect(containsFolded('https://example.de/äpfel', 'ÄPFEL')).toBe(true);
    expect(containsFolded('https://example.de/äpfel', 'birne')).toBe(false);
  });
});
