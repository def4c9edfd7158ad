import crypto from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomFrom(alphabet: string, length: number): string {
  // Reject bytes past the largest multiple of the alphabet's size so every character is equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Random base62 string; `length` 22 carries about 131 bits. */
export function randomBase62(length: number): string {
  return randomFrom(BASE62, length);
}

let lastMillis = 0;
let sequence = 0;

/**
 * A new object id such as `alr_0mgx3k2p1000h7c2kq9zt5wb`: the prefix tells what it names, then the creation
 * time and a per-millisecond counter (so ids sort in creation order, under any collation: lower-case base36),
 * then 12 random characters.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  sequence = now === lastMillis ? sequence + 1 : 0;
  lastMillis = now;
  const time = now.toString(36).padStart(9, '0');
  const counter = (sequence % 36 ** 3).toString(36).padStart(3, '0');
  return `${prefix}_${time}${counter}${randomFrom(BASE36, 12)}`;
}
