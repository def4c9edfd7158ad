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

type DayRows = readonly { day: number | string; sessions: number | string }[];

/** The filter's sessions in each UTC day of the whole hours, in list order (a few dozen rollup rows). */
function daysInOrder(
  db: Db,
  filter: SessionFilter,
  facet: RollupFacet | null,
  hours: { from: number | null; to: number | null },
  descending: boolean,
): Promise<DayRows> {
  return readRollup(
    db,
    sql<{ day: number | string; sessions: number | string }>`
    select bucket as day, sum(sessions) as sessions from (${rollupRows(db, filter, facet, hours, 'day')}) as daily
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
  days: DayRows,
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
    const day = Number(row.day);
    const within = { from: Math.max(day, hours.from ?? day), to: Math.min(day + DAY, hours.to ?? day + DAY) };
    const hourRows = await readRollup(
      db,
      sql<{ hour: number | string; sessions: number | string }>`
      select bucket as hour, sum(sessions) as sessions from (${rollupRows(db, filter, facet, within, 'hour')}) as hourly
      group by bucket order by bucket ${descending ? sql`desc` : sql`asc`}`,
    );
    let last: HourAtOffset | null = null;
    for (const hourRow of hourRows) {
      const inHour = Number(hourRow.sessions);
      last = { hour: Number(hourRow.hour), before, sessions: inHour };
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
    daysInOrder(db, filter, facet, hours, descending),
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
