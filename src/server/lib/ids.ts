import crypto from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes come from the system's generator a block at a time and each is handed out once, as
 * Node's own `randomUUID` does: a request id, made for every request, otherwise cost a call into
 * OpenSSL for 40 bytes (about 25 µs of a first page's CPU under load).
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomByte(): number {
  if (poolOffset === POOL_BYTES) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const byte = pool[poolOffset] as number;
  poolOffset += 1;
  return byte;
}

function randomFrom(alphabet: string, length: number): string {
  // Reject bytes past the largest multiple of the alphabet's size so every character is equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += alphabet[byte % alphabet.length];
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
