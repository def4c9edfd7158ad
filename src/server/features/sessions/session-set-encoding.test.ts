import { describe, expect, it } from 'vitest';
import { lcg } from './session-finding-fixtures.ts';
import {
  complement,
  countMembers,
  countMembersBetween,
  encodeSet,
  membersOf,
  uniteInto,
} from './session-set-encoding.ts';

/** About `count` distinct positions below `size` (all of them when `count` is `size`), ascending. */
function positions(random: (max: number) => number, count: number, size: number): number[] {
  const chosen: number[] = [];
  for (let position = 0; position < size; position += 1) {
    if (random(size) < count) chosen.push(position);
  }
  return chosen;
}

function bitmapOf(size: number, ...sets: Uint8Array[]): Uint32Array {
  const bits = new Uint32Array(Math.ceil(size / 32));
  for (const set of sets) uniteInto(bits, set);
  return bits;
}

describe('session sets encoding', () => {
  it('keeps every member, sparse or dense, small hour or large day', () => {
    const random = lcg(11);
    for (const size of [1, 31, 32, 33, 700, 7_000, 65_536, 65_537, 170_000]) {
      for (const count of [0, 1, 3, Math.floor(size / 40), Math.floor(size / 2), size]) {
        const members = positions(random, count, size);
        const encoded = encodeSet(members, size);
        expect(membersOf(encoded), `${count} of ${size}`).toEqual(members);
        const bits = bitmapOf(size, encoded);
        expect(countMembers(bits)).toBe(members.length);
        // The smaller encoding: never more than a bitmap of the positions, plus its header.
        expect(encoded.byteLength).toBeLessThanOrEqual(4 + Math.ceil(size / 32) * 4);
      }
    }
  });

  it('unites, complements and counts a range of positions as sets do', () => {
    const random = lcg(5);
    const size = 5_003;
    const first = positions(random, 40, size);
    const second = positions(random, 3_000, size);
    const bits = bitmapOf(size, encodeSet(first, size), encodeSet(second, size));
    const union = new Set([...first, ...second]);
    expect(countMembers(bits)).toBe(union.size);
    for (const [from, to] of [
      [0, size],
      [0, 0],
      [1, 31],
      [31, 33],
      [64, 128],
      [100, 4_999],
      [4_990, size],
    ] as const) {
      const expected = [...union].filter((position) => position >= from && position < to).length;
      expect(countMembersBetween(bits, from, to), `${from}-${to}`).toBe(expected);
    }
    complement(bits, size);
    expect(countMembers(bits)).toBe(size - union.size);
    expect(countMembersBetween(bits, 0, size)).toBe(size - union.size);
  });

  it('reads a set stored at any offset of a larger buffer, as a list or a bitmap', () => {
    const sparse = [0, 5, 31, 32, 1_000];
    const dense = Array.from({ length: 1_500 }, (_, at) => at + 200);
    for (const members of [sparse, dense]) {
      const encoded = encodeSet(members, 2_000);
      for (const offset of [0, 1, 2, 3, 4, 8]) {
        const shifted = new Uint8Array(encoded.byteLength + offset);
        shifted.set(encoded, offset);
        const view = shifted.subarray(offset);
        expect(membersOf(view)).toEqual(members);
        expect(countMembers(bitmapOf(2_000, view)), `offset ${offset}`).toBe(members.length);
      }
    }
  });
});
