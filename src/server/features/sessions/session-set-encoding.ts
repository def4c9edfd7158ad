// How a set of sessions is stored (migration 2026-11-27T1300): a session is its position in its hour or day, and
// a set is a bitmap of the positions, or the list of its members when that is smaller.

const BITMAP = 0;
const LIST16 = 1;
const LIST32 = 2;
/** A tag byte and three of padding, so the words that follow are 4-byte aligned within the value. */
const HEADER = 4;

/** The set of `positions` (ascending, each below `size`) in the smaller of the two encodings. */
export function encodeSet(positions: readonly number[], size: number): Uint8Array {
  const words = Math.ceil(size / 32);
  const wide = size > 0x10000;
  const listBytes = positions.length * (wide ? 4 : 2);
  if (listBytes < words * 4) {
    const out = new Uint8Array(HEADER + listBytes);
    const view = new DataView(out.buffer);
    out[0] = wide ? LIST32 : LIST16;
    positions.forEach((position, at) => {
      if (wide) view.setUint32(HEADER + at * 4, position, true);
      else view.setUint16(HEADER + at * 2, position, true);
    });
    return out;
  }
  const out = new Uint8Array(HEADER + words * 4);
  const view = new DataView(out.buffer);
  const bits = new Uint32Array(words);
  for (const position of positions) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
  bits.forEach((word, at) => view.setUint32(HEADER + at * 4, word, true));
  out[0] = BITMAP;
  return out;
}

/** Whether typed arrays read the little-endian encoding as it is (every common server is). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Adds the members of an encoded set to `bits` (a bitmap of the same hour or day). Reads the value in
 * place through a typed array when it is aligned, as drivers' buffers usually are, and through a
 * DataView otherwise.
 */
export function uniteInto(bits: Uint32Array, encoded: Uint8Array): void {
  const tag = encoded[0];
  const start = encoded.byteOffset + HEADER;
  if (tag === BITMAP) {
    const words = Math.min(bits.length, (encoded.byteLength - HEADER) >>> 2);
    if (LITTLE_ENDIAN && start % 4 === 0) {
      const stored = new Uint32Array(encoded.buffer, start, words);
      for (let at = 0; at < words; at += 1) bits[at] = (bits[at] ?? 0) | (stored[at] ?? 0);
      return;
    }
    const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    for (let at = 0; at < words; at += 1) bits[at] = (bits[at] ?? 0) | view.getUint32(HEADER + at * 4, true);
    return;
  }
  const width = tag === LIST32 ? 4 : 2;
  const count = (encoded.byteLength - HEADER) / width;
  const add = (position: number) => {
    if (position >>> 5 < bits.length) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
  };
  if (LITTLE_ENDIAN && start % width === 0) {
    const stored =
      width === 4 ? new Uint32Array(encoded.buffer, start, count) : new Uint16Array(encoded.buffer, start, count);
    for (const position of stored) add(position);
    return;
  }
  const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  for (let at = 0; at < count; at += 1) {
    add(width === 4 ? view.getUint32(HEADER + at * 4, true) : view.getUint16(HEADER + at * 2, true));
  }
}

/** The members of an encoded set, ascending. */
export function membersOf(encoded: Uint8Array): number[] {
  const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  const tag = encoded[0];
  const members: number[] = [];
  if (tag === BITMAP) {
    for (let offset = HEADER; offset + 4 <= encoded.byteLength; offset += 4) {
      let word = view.getUint32(offset, true);
      const base = ((offset - HEADER) >>> 2) * 32;
      while (word !== 0) {
        const low = word & -word;
        members.push(base + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return members;
  }
  const width = tag === LIST32 ? 4 : 2;
  for (let offset = HEADER; offset + width <= encoded.byteLength; offset += width) {
    members.push(width === 4 ? view.getUint32(offset, true) : view.getUint16(offset, true));
  }
  return members;
}

/** Members of a bitmap at positions `from` (inclusive) to `to` (exclusive). */
export function countMembersBetween(bits: Uint32Array, from: number, to: number): number {
  if (to <= from) return 0;
  let count = 0;
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  for (let at = first; at <= last; at += 1) {
    let word = bits[at] ?? 0;
    if (at === first) word &= 0xffffffff << (from & 31);
    if (at === last && (to & 31) !== 0) word &= 0xffffffff >>> (32 - (to & 31));
    count += popcount(word);
  }
  return count;
}

function popcount(value: number): number {
  let word = value - ((value >>> 1) & 0x55555555);
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Members of a bitmap. */
export function countMembers(bits: Uint32Array): number {
  let count = 0;
  for (const word of bits) count += popcount(word);
  return count;
}

/** Turns a bitmap of an hour of `size` sessions into its complement within the hour. */
export function complement(bits: Uint32Array, size: number): void {
  for (let at = 0; at < bits.length; at += 1) bits[at] = ~(bits[at] ?? 0);
  const spare = bits.length * 32 - size;
  if (spare > 0) bits[bits.length - 1] = (bits[bits.length - 1] ?? 0) & (0xffffffff >>> spare);
}

/**
 * Adds an encoded set, one to each member's count, to counts kept bit-sliced: `planes[p]` holds bit p
 * of every position's count, a word of 32 positions at a time. A bitmap is added a word at a time, a
 * list a member at a time; a carry goes up only as far as it must.
 */
export function addToCounts(planes: readonly Uint32Array[], encoded: Uint8Array): void {
  const add = (word: number, bits: number) => {
    let carry = bits;
    for (let plane = 0; carry !== 0 && plane < planes.length; plane += 1) {
      const counts = planes[plane] as Uint32Array;
      const held = counts[word] ?? 0;
      counts[word] = held ^ carry;
      carry = held & carry;
    }
  };
  const words = planes[0]?.length ?? 0;
  const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  if (encoded[0] === BITMAP) {
    const stored = Math.min(words, (encoded.byteLength - HEADER) >>> 2);
    for (let word = 0; word < stored; word += 1) {
      const bits = view.getUint32(HEADER + word * 4, true);
      if (bits !== 0) add(word, bits);
    }
    return;
  }
  const width = encoded[0] === LIST32 ? 4 : 2;
  for (let offset = HEADER; offset + width <= encoded.byteLength; offset += width) {
    const position = width === 4 ? view.getUint32(offset, true) : view.getUint16(offset, true);
    if (position >>> 5 < words) add(position >>> 5, 1 << (position & 31));
  }
}
