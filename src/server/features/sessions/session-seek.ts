import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionFilter } from './session-filter.ts';
import {
  DAY,
  HOUR,
  MAX_LISTED_VALUES,
  type RollupFacet,
  readRollup,
  resolveFacet,
  rollupRows,
  rollupFor,
  wholeHours,
} from './session-rollup.ts';
import { countPartialHours } from './sessions.repository.ts';

/** Below this offset a plain index scan is as cheap as placing it by hours. */
export const SEEK_FROM_OFFSET = 1000;

interface HourAtOffset {
  hour: number;
  /** Sessions in the hours listed before this one. */
  before: number;
  /** Sessions in this hour. */
  sessions: number;
}

/**
 * Where a deep offset lies: a narrower filter and the offset to skip under it. When the row is in a whole
 * hour, `hour` gives its start and its sessions, so a row past the middle of the hour can be reached from
 * the hour's other end.
 */
export interface PlacedOffset {
  filter: SessionFilter;
  offset: number;
  hour?: { start: number; sessions: number };
}

type BucketSums = readonly { bucket: number | string; sessions: number | string }[];

/**
 * The filter's sessions in each hour or UTC day of `hours`, in list order: a day's hours, or the days
 * of the whole range (a few dozen rollup rows, with the hours at either end grouped by day).
 */
function bucketsInOrder(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
  grain: 'hour' | 'day',
  descending: boolean,
): Promise<BucketSums> {
  return readRollup(
    db,
    sql<{ bucket: number | string; sessions: number | string }>`
    select bucket, sum(sessions) as sessions from (${rollupRows(db, filter, facet, hours, grain)}) as buckets
    group by bucket order by bucket ${descending ? sql`desc` : sql`asc`}`,
  );
}

/**
 * The whole hour holding the `offset`-th session among whole hours, walking hours in list order: first
 * the day that holds it (`days`, with the hours at either end grouped by day), then the hour inside that
 * day. Sessions recorded between the two reads can move the row past the day's last hour; it is then
 * placed in that last hour, as a concurrent insert moves any offset.
 */
async function hourAtOffset(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
  days: BucketSums,
  offset: number,
  descending: boolean,
): Promise<HourAtOffset | null> {
  let before = 0;
  for (const row of days) {
    const inDay = Number(row.sessions);
    if (before + inDay <= offset) {
      before += inDay;
      continue;
    }
    const day = Number(row.bucket);
    const within = { from: Math.max(day, hours.from ?? day), to: Math.min(day + DAY, hours.to ?? day + DAY) };
    let last: HourAtOffset | null = null;
    for (const hourRow of await bucketsInOrder(db, filter, facet, within, 'hour', descending)) {
      const inHour = Number(hourRow.sessions);
      last = { hour: Number(hourRow.bucket), before, sessions: inHour };
      if (before + inHour > offset) return last;
      before += inHour;
    }
    return last;
  }
  return null;
}

/**
 * The exact total of a filter the hourly rollups count, and where a deep offset in creation order lies
 * under it: a narrower date bound and a small offset inside one hour. The total is the rollups' days
 * and the partial hours at the range's edges, counted row by row, as `countSessions` counts it; the days
 * also say which day holds the row, so placing it costs one more read, of that day's hours, and only
 * that hour's earlier rows are skipped. Null when the rollups cannot count the filter (they count
 * account, website, dates, and one property or yes/no signal) or its range lies inside one hour.
 */
export async function countAndPlaceOffset(
  db: Db,
  filter: SessionFilter,
  offset: number,
  descending: boolean,
): Promise<{ total: number; placed: PlacedOffset } | null> {
  const listed = rollupFor(filter);
  if (!listed) return null;
  const facet = await resolveFacet(db, filter.accountId, listed.facet);
  if ((facet?.values.length ?? 0) > MAX_LISTED_VALUES) return null;
  const hours = wholeHours(filter);
  if (hours.from !== null && hours.to !== null && hours.from >= hours.to) return null;
  const [oldest, newest, days] = await Promise.all([
    ...countPartialHours(db, filter, hours),
    bucketsInOrder(db, filter, facet, hours, 'day', descending),
  ]);
  const whole = days.reduce((sum, row) => sum + Number(row.sessions), 0);
  const total = oldest + whole + newest;
  // The partial hour listed first: the newest one when descending, the oldest when ascending.
  const nearPartial = descending ? newest : oldest;
  if (offset < nearPartial) return { total, placed: { filter, offset } };
  const inWholeHours = offset - nearPartial;
  const found = await hourAtOffset(db, filter, facet, hours, days, inWholeHours, descending);
  if (found) {
    const bound = descending ? { to: found.hour + HOUR } : { from: found.hour };
    return {
      total,
      placed: {
        filter: { ...filter, ...bound },
        offset: inWholeHours - found.before,
        hour: { start: found.hour, sessions: found.sessions },
      },
    };
  }
  // Past every whole hour: the row is in the partial hour at the far edge.
  const bound = descending ? { to: hours.from } : { from: hours.to };
  return { total, placed: { filter: { ...filter, ...bound }, offset: inWholeHours - whole } };
}
