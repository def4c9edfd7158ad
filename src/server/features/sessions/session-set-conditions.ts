// A filter's conditions as the sealed hours' and days' sets hold them (session-sets.ts): which sets each
// reads, and under what key its unions are kept.
import type { Db } from '../../db/database.ts';
import type { SessionFilter } from './session-filter.ts';
import { RANGE_FACETS, rangeRollupFor } from './session-range-rollup.ts';
import { MAX_LISTED_VALUES } from './session-rollup.ts';
import { matchedValues } from './session-text-values.ts';
import { conditionKey } from './session-set-unions.ts';
import { SET_FACETS, type SetFacet } from './session-sets.ts';

/**
 * Past this many URLs' sets, a URL text is counted by the rows. Uniting the fewer of the URLs it matches
 * and those it does not, the sets count any text of an account with twice as many URLs.
 */
const MAX_URL_SETS = 5_000;

/**
 * One condition of a filter as sets: the hour's sessions in any of `values` (or in none, when negated).
 * A page URL text that matches too many URLs to unite has `allBut` instead: the URLs it does not match,
 * and the condition holds the sessions with a URL besides those (session-set-urls.ts).
 */
export interface SetCondition {
  facet: SetFacet;
  values: readonly string[];
  negated: boolean;
  allBut?: readonly string[];
}

/**
 * One kind of set a condition reads: a facet's sets of `values`, or of every value (null), and what is
 * done with them: `united` into the condition's bitmap, or, for a URL text counted from the URLs it
 * does not match, those URLs' sets (`others`) and the sessions by their number of URLs (`counts`).
 */
export interface SetRead {
  facet: SetFacet;
  values: readonly string[] | null;
  role: 'united' | 'others' | 'counts';
}

/** What a condition reads: its values' sets, or for `allBut` the sets it is counted from. */
export function readsFor(condition: SetCondition): SetRead[] {
  if (condition.allBut === undefined) return [{ facet: condition.facet, values: condition.values, role: 'united' }];
  const others: SetRead[] = [
    { facet: 'url', values: condition.allBut, role: 'others' },
    { facet: 'url_count', values: null, role: 'counts' },
  ];
  return [{ facet: 'no_url', values: ['1'], role: 'united' }, ...(condition.allBut.length > 0 ? others : [])];
}

/** Where a condition's unions are kept. */
export function keyFor(accountId: string, condition: SetCondition): string {
  return condition.allBut === undefined
    ? conditionKey(accountId, condition.facet, condition.values)
    : conditionKey(accountId, 'url:all-but', condition.allBut);
}

const FACET_OF_FIELD = new Map<string, SetFacet>(
  Object.entries(SET_FACETS).map(([facet, field]) => [field, facet as SetFacet]),
);
const CONTAINS: ReadonlySet<SetFacet> = new Set(['url', 'start_url', 'referrer']);
const PLACE = new Set(['accountId', 'from', 'to']);
const RANGE_FIELDS = new Set<string>(RANGE_FACETS.flatMap((range) => [range.min, range.max]));

/** Whether every field of the filter but the place and dates is one the sets keep. */
export function keptAsSets(filter: SessionFilter): boolean {
  return Object.entries(filter).every(
    ([field, value]) =>
      value === undefined || value === null || PLACE.has(field) || FACET_OF_FIELD.has(field) || RANGE_FIELDS.has(field),
  );
}

/**
 * The filter's conditions as sets, contains-texts resolved to the values they match; null when one is
 * not kept as sets or matches too many values to list.
 */
export async function setConditions(db: Db, filter: SessionFilter): Promise<SetCondition[] | null> {
  const conditions: SetCondition[] = [];
  const ranged = new Set<string>();
  for (const range of RANGE_FACETS) {
    if (filter[range.min] === undefined && filter[range.max] === undefined) continue;
    // A range whose bounds fall on bucket edges is a union of buckets; any other is left to the rows.
    const counted = rangeRollupFor({
      accountId: filter.accountId,
      [range.min]: filter[range.min],
      [range.max]: filter[range.max],
    });
    if (!counted || counted.bands.length > 0) return null;
    conditions.push({ facet: range.name as SetFacet, values: counted.facet.values, negated: false });
    ranged.add(range.min).add(range.max);
  }
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === null || PLACE.has(field) || ranged.has(field)) continue;
    const facet = FACET_OF_FIELD.get(field);
    if (facet === undefined) return null;
    if (typeof value === 'boolean') {
      conditions.push({ facet, values: ['1'], negated: !value });
    } else if (typeof value === 'string' && value !== '') {
      const { values, othersCount, others } = CONTAINS.has(facet)
        ? await matchedValues(db, filter.accountId, facet, value)
        : { values: [value], othersCount: null, others: () => [] };
      if (facet === 'url' && othersCount !== null && othersCount < values.length && othersCount <= MAX_URL_SETS) {
        // Most URLs contain the text (the site's own domain, "utm_"): counted from those that do not.
        conditions.push({ facet, values: [], negated: false, allBut: others() });
      } else if (values.length <= (facet === 'url' ? MAX_URL_SETS : MAX_LISTED_VALUES)) {
        conditions.push({ facet, values, negated: false });
      } else {
        return null;
      }
    } else {
      return null;
    }
  }
  return conditions;
}
