import type { SessionFilter } from './session-filter.ts';
import { PLACE_FIELDS, type RollupFacet } from './session-rollup.ts';

/** A range filter's buckets in session_hourly_facets: each named by its lower edge, the last one open. */
export interface RangeFacet {
  name: string;
  edges: readonly number[];
  /** Whole numbers only: a bucket [a, b) then fits under an inclusive maximum of b - 1. */
  integer: boolean;
  min: 'durationMin' | 'engagementMin';
  max: 'durationMax' | 'engagementMax';
  below: 'durationBelow' | 'engagementBelow';
}

export const RANGE_FACETS: readonly RangeFacet[] = [
  {
    name: 'duration',
    edges: [
      0, 1, 5, 6, 10, 11, 20, 21, 30, 31, 45, 46, 60, 61, 120, 121, 180, 181, 300, 301, 600, 601, 900, 901, 1200, 1201,
      1800, 1801, 2700, 2701, 3600, 3601, 7200, 7201,
    ],
    integer: true,
    min: 'durationMin',
    max: 'durationMax',
    below: 'durationBelow',
  },
  {
    name: 'engagement',
    edges: [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100],
    integer: false,
    min: 'engagementMin',
    max: 'engagementMax',
    below: 'engagementBelow',
  },
];

/**
 * How a duration or engagement range is counted: the whole buckets inside it from the rollup, and the
 * `bands` of the range left over at either end, counted row by row on their index. Null when the filter
 * narrows by anything else too, or no bucket fits inside the range.
 */
export function rangeRollupFor(filter: SessionFilter): { facet: RollupFacet; bands: SessionFilter[] } | null {
  const narrowing = Object.entries(filter).filter(
    ([key, value]) => value !== undefined && value !== null && !PLACE_FIELDS.has(key),
  );
  for (const range of RANGE_FACETS) {
    if (!narrowing.every(([key]) => key === range.min || key === range.max)) continue;
    if (narrowing.length === 0) return null;
    const low = filter[range.min] ?? -Infinity;
    const high = filter[range.max] ?? Infinity;
    const { edges } = range;
    const inside = edges.flatMap((edge, index) => {
      const next = edges[index + 1];
      const fits = next === undefined ? high === Infinity : next <= (range.integer ? high + 1 : high);
      return edge >= low && fits ? [index] : [];
    });
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (first === undefined || last === undefined) return null;
    const place = { accountId: filter.accountId, websiteId: filter.websiteId, from: filter.from, to: filter.to };
    const bands: SessionFilter[] = [];
    const lowEdge = edges[first] as number;
    if (low < lowEdge) bands.push({ ...place, [range.min]: filter[range.min], [range.below]: lowEdge });
    const highEdge = edges[last + 1];
    if (highEdge !== undefined && highEdge <= high) {
      bands.push({ ...place, [range.min]: highEdge, [range.max]: filter[range.max] });
    }
    const values = inside.map((index) => String(edges[index]));
    return { facet: { name: range.name, values, negated: false }, bands };
  }
  return null;
}
