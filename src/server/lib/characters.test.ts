import { describe, expect, it } from 'vitest';
import { characterCount } from './characters.ts';

describe('characterCount', () => {
  it('counts an emoji as one character, and a lone surrogate as one too', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('😀'.repeat(100))).toBe(100);
    expect(characterCount('a😀b')).toBe(3);
    expect(characterCount('\ud83d')).toBe(1);
    expect(characterCount('\ude00\ud83d')).toBe(2);
    expect(characterCount('é👩‍💻')).toBe(4);
  });
});
