import { describe, expect, it } from 'vitest';
import { tokenStatus } from './token-status.ts';

describe('tokenStatus', () => {
  const now = 1_800_000_000;

  it('is active without revocation or past expiry', () => {
    expect(tokenStatus({ revoked_at: null, expires_at: null }, now)).toBe('active');
    expect(tokenStatus({ revoked_at: null, expires_at: now + 1 }, now)).toBe('active');
  });

  it('is expired from the expiry instant on', () => {
    expect(tokenStatus({ revoked_at: null, expires_at: now }, now)).toBe('expired');
  });

  it('says revoked even when the token has also expired', () => {
    expect(tokenStatus({ revoked_at: now - 10, expires_at: now - 5 }, now)).toBe('revoked');
  });
});
