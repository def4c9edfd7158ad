import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

describe('sha256Hex', () => {
  it('is the SHA-256 of the text as UTF-8, in hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const text of ['', 'sa_0123456789abcdefghijABCDEFGHIJ0123456789', 'Chloé O’Brien 🙂']) {
      expect(sha256Hex(text)).toBe(crypto.createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
    }
  });
});
