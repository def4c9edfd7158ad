// A page URL text that matches most of an account's URLs is counted from the few it does not match:
// uniting thousands of URLs' sets costs too much, but a session has a URL the text matches exactly when
// it has a URL at all and not every one of its URLs is among the others. Each sealed hour and day keeps
// the sessions with no URL (`no_url`) and each session's number of distinct URLs (`url_count`) for this.
import { addToCounts, complement, uniteInto } from './session-set-encoding.ts';

/**
 * Turns `bits`, holding a piece's sessions with no URL, into its sessions with a URL the text matches.
 * `others` are the sets of the URLs it does not match; `urlCounts` the piece's `url_count` sets by their
 * number of URLs. A session is in as many of `others` as it has such URLs: when that is all it has, it
 * has none the text matches. The counts are kept bit-sliced, 32 sessions a word, since the URLs a broad
 * text leaves out are often the most visited (a site's home page, for "utm_").
 */
export function uniteMatchedUrls(
  bits: Uint32Array,
  size: number,
  others: readonly Uint8Array[],
  urlCounts: ReadonlyMap<number, Uint8Array>,
): void {
  if (others.length > 0) {
    const words = bits.length;
    const planes = Array.from({ length: 32 - Math.clz32(others.length) }, () => new Uint32Array(words));
    for (const set of others) addToCounts(planes, set);
    const withCount = new Uint32Array(words);
    for (const [count, stored] of urlCounts) {
      if (count > others.length) continue;
      withCount.fill(0);
      uniteInto(withCount, stored);
      // Sessions with `count` URLs, all of them among the others: their count equals it, plane by plane.
      for (let word = 0; word < words; word += 1) {
        let equal = withCount[word] ?? 0;
        for (let plane = 0; equal !== 0 && plane < planes.length; plane += 1) {
          const counted = (planes[plane] as Uint32Array)[word] ?? 0;
          equal &= (count >>> plane) & 1 ? counted : ~counted;
        }
        if (equal !== 0) bits[word] = (bits[word] ?? 0) | equal;
      }
    }
  }
  complement(bits, size);
}
