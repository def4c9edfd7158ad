import { describe, expect, it } from 'vitest';
import { countMembers, encodeSet, membersOf } from './session-set-encoding.ts';
import { uniteMatchedUrls } from './session-set-urls.ts';

const SIZE = 70;
const bitsOf = (positions: number[]) => {
  const bits = new Uint32Array(Math.ceil(SIZE / 32));
  for (const position of positions) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
  return bits;
};
const positionsOf = (bits: Uint32Array) => {
  const found: number[] = [];
  for (let position = 0; position < SIZE; position += 1) {
    if (((bits[position >>> 5] ?? 0) >>> (position & 31)) & 1) found.push(position);
  }
  return found;
};

describe('uniteMatchedUrls', () => {
  // Each session's URLs: a, b and c are URLs the text does not match; M1 and M2 are URLs it matches.
  const visits = new Map<number, string[]>([
    [0, ['a']],
    [1, ['a', 'b']],
    [2, ['a', 'M1']],
    [3, ['M1']],
    [4, ['b', 'c', 'M2']],
    [5, ['a', 'b', 'c']],
    [40, ['M1', 'M2']],
    [69, ['c']],
  ]);
  const noUrl = Array.from({ length: SIZE }, (_, position) => position).filter((position) => !visits.has(position));
  const setOf = (url: string) =>
    encodeSet(
      [...visits].filter(([, urls]) => urls.includes(url)).map(([position]) => position),
      SIZE,
    );
  const counts = new Map<number, Uint8Array>();
  for (const count of [1, 2, 3]) {
    const positions = [...visits].filter(([, urls]) => urls.length === count).map(([position]) => position);
    counts.set(count, encodeSet(positions, SIZE));
  }

  it('keeps the sessions with a URL the text matches, and no other', () => {
    const bits = bitsOf(noUrl);
    uniteMatchedUrls(bits, SIZE, ['a', 'b', 'c'].map(setOf), counts);
    expect(positionsOf(bits)).toEqual([2, 3, 4, 40]);
    expect(countMembers(bits)).toBe(4);
  });

  it('keeps every session with a URL when the text matches them all', () => {
    const bits = bitsOf(noUrl);
    uniteMatchedUrls(bits, SIZE, [], new Map());
    expect(positionsOf(bits)).toEqual([...visits.keys()]);
  });

  it('reads what a URL set holds as the encoder wrote it', () => {
    expect(membersOf(setOf('a'))).toEqual([0, 1, 2, 5]);
  });

  it('agrees with each session counted on its own, for sets stored as bitmaps and as lists', () => {
    const size = 5_000;
    let state = 17;
    const random = (max: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % max;
    };
    // Twelve URLs, the first three visited by most sessions (their sets are bitmaps), the rest by few.
    const urls = Array.from({ length: 12 }, (_, index) => index);
    const sessions = Array.from({ length: size }, () =>
      random(20) === 0
        ? []
        : [...new Set(Array.from({ length: 1 + random(4) }, () => (random(2) ? random(3) : random(12))))],
    );
    const setOfUrl = (url: number) =>
      encodeSet(
        sessions.flatMap((visited, position) => (visited.includes(url) ? [position] : [])),
        size,
      );
    const byCount = new Map<number, Uint8Array>();
    for (const count of [1, 2, 3, 4]) {
      byCount.set(
        count,
        encodeSet(
          sessions.flatMap((visited, position) => (visited.length === count ? [position] : [])),
          size,
        ),
      );
    }
    // The first tag byte says how a set is kept: 0 a bitmap, else a list of positions.
    expect(setOfUrl(0)[0]).toBe(0);
    expect(setOfUrl(11)[0]).not.toBe(0);
    const words = Math.ceil(size / 32);
    for (const matched of [[0], [1, 2, 3], [5, 7, 11], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]) {
      const bits = new Uint32Array(words);
      for (const [position, visited] of sessions.entries()) {
        if (visited.length === 0) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
      }
      const others = urls.filter((url) => !matched.includes(url)).map(setOfUrl);
      uniteMatchedUrls(bits, size, others, byCount);
      const expected = sessions.filter((visited) => visited.some((url) => matched.includes(url))).length;
      expect(countMembers(bits), `matched ${matched.join(',')}`).toBe(expected);
    }
  });
});
