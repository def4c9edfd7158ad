// Sets of one condition united per sealed hour or day (session-set-count.ts), kept across requests and
// intersected with the other conditions'.
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { complement, countMembersBetween } from './session-set-encoding.ts';

/** A sealed hour, or the part of a sealed day inside the range, and the positions to count in it. */
export interface Piece {
  grain: 'hour' | 'day';
  at: number;
  generation: number;
  size: number;
  from: number;
  to: number;
}

/**
 * Memory for united sets per process unless configured (SESSION_SETS_CACHE_MB): a day of 170,000 sessions
 * is a 21 KB bitmap.
 */
export const UNION_CACHE_BYTES = 64 * 1024 * 1024;

const newCache = (bytes: number) =>
  bytes > 0
    ? new LRUCache<string, Uint32Array>({ maxSize: bytes, sizeCalculation: (bits) => bits.byteLength + 100 })
    : null;

/**
 * Each condition's sets united, per piece and build, most recently used first. A total asked again (the
 * list's next page, its next poll, another person with the same filter) reads none of them again, and a
 * piece sealed again has another generation, so an old union is never used for it. Null keeps none.
 */
let unions = newCache(UNION_CACHE_BYTES);

/** Sets the memory kept for united sets, dropping those kept so far; 0 keeps none. */
export function setUnionCacheBytes(bytes: number): void {
  unions = newCache(bytes);
}

/** A condition's part of its unions' keys: the account, the facet and a digest of the values it unites. */
export function conditionKey(accountId: string, facet: string, values: readonly string[]): string {
  const digest = crypto.createHash('sha1').update(values.join('\u0000')).digest('base64');
  return `${accountId}\u0000${facet}\u0000${values.length}\u0000${digest}`;
}

const unionKey = (condition: string, piece: Piece) =>
  `${condition}|${piece.grain}:${piece.at}:${piece.generation}:${piece.size}`;

/** The condition's kept unions for those of `pieces` that have one. */
export function keptUnions(condition: string, pieces: readonly Piece[]): Map<Piece, Uint32Array> {
  const kept = new Map<Piece, Uint32Array>();
  for (const piece of pieces) {
    const union = unions?.get(unionKey(condition, piece));
    if (union) kept.set(piece, union);
  }
  return kept;
}

export function keepUnion(condition: string, piece: Piece, union: Uint32Array): void {
  unions?.set(unionKey(condition, piece), union);
}

/**
 * Sessions at positions `piece.from` to `piece.to` of a piece that are in every condition's union (or,
 * where `negated`, outside it).
 */
export function countPiece(piece: Piece, united: readonly Uint32Array[], negated: readonly boolean[]): number {
  // The unions are kept for later counts: a complement, or an intersection, goes into a copy.
  let met: Uint32Array | null = null;
  let copied = false;
  for (let at = 0; at < united.length; at += 1) {
    const union = united[at] ?? new Uint32Array(0);
    let bits = union;
    if (negated[at]) {
      bits = new Uint32Array(Math.ceil(piece.size / 32));
      bits.set(union.subarray(0, bits.length));
      complement(bits, piece.size);
    }
    if (met === null) {
      met = bits;
      copied = bits !== union;
      continue;
    }
    if (!copied) {
      met = met.slice();
      copied = true;
    }
    for (let word = 0; word < met.length; word += 1) met[word] = (met[word] ?? 0) & (bits[word] ?? 0);
  }
  return met === null ? piece.to - piece.from : countMembersBetween(met, piece.from, piece.to);
}
