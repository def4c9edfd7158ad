import crypto from 'node:crypto';

/**
 * SHA-256 of text (as UTF-8) in hex. The one-shot `crypto.hash` skips the Hash object that
 * `createHash` builds for each call: this runs on every authenticated request.
 */
export function sha256Hex(value: string): string {
  return crypto.hash('sha256', value, 'hex');
}
