import crypto from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 string; `length` 22 carries about 131 bits. */
export function randomBase62(length: number): string {
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new object id such as `alr_3kTMd9...`: the prefix tells what kind of object it names. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(22)}`;
}
