// A page URL text that matches most of an account's URLs is counted from the few it does not match:
// uniting thousands of URLs' sets costs too much, but a session has a URL the text matches exactly when
// it has a URL at all and not every one of its URLs is among the others. Each sealed hour and day keeps
// the sessions with no URL (`no_url`) and each session's number of distinct URLs (`url_count`) for this.
import { complement, membersOf, uniteInto } from './session-set-encoding.ts';

/**
 * Turns `bits`, holding a piece's sessions with no URL, into its sessions with a URL the text matches.
 * `others` are the sets of the URLs it does not match; `urlCounts` the piece's `url_count` sets by their
 * number of URLs. A session is in as many of `others` as it has such URLs: when that is all it has, it
 * has none the text matches.
 */
export function uniteMatchedUrls(
  bits: Uint32Array,
  size: number,
  others: readonly Uint8Array[],
  urlCounts: ReadonlyMap<number, Uint8Array>,
): void {
  if (others.length > 0) {
    const hits = new Uint32Array(size);
    const touched: number[] = [];
    for (const set of others) {
      for (const position of membersOf(set)) {
        if (position >= size) continue;
        if (hits[position] === 0) touched.push(position);
        hits[position] = (hits[position] ?? 0) + 1;
      }
    }
    // Each number of URLs as a bitmap, made only for the numbers some session reached.
    const withCount = new Map<number, Uint32Array>();
    for (const position of touched) {
      const count = hits[position] ?? 0;
      let sessions = withCount.get(count);
      if (sessions === undefined) {
        sessions = new Uint32Array(bits.length);
        const stored = urlCounts.get(count);
        if (stored) uniteInto(sessions, stored);
        withCount.set(count, sessions);
      }
      const word = position >>> 5;
      const bit = 1 << (position & 31);
      if (((sessions[word] ?? 0) & bit) !== 0) bits[word] = (bits[word] ?? 0) | bit;
    }
  }
  complement(bits, size);
}
