import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionFilter } from './session-filter.ts';
import { HOUR, countExactly, sumWholeHours } from './sessions.repository.ts';

/** Below this offset a plain index scan is as cheap as placing it by hours. */
export const SEEK_FROM_OFFSET = 1000;

interface HourAtOffset {
  hour: number;
  /** Sessions in the hours listed before this one. */
  before: number;
}

/**
 * The whole hour holding the `offset`-th session among whole hours, walking hours in list order; the
 * running sum is computed by the database over the hourly rollup (a few thousand rows at most).
 */
async function hourAtOffset(
  db: Db,
  filter: SessionFilter,
  hours: { from: number | null; to: number | null },
  offset: number,
  descending: boolean,
): Promise<HourAtOffset | null> {
  const conditions = [sql`account_id = ${filter.accountId}`];
  if (filter.websiteId !== undefined) conditions.push(sql`website_id = ${filter.websiteId}`);
  if (hours.from !== null) conditions.push(sql`hour >= ${hours.from}`);
  if (hours.to !== null) conditions.push(sql`hour < ${hours.to}`);
  const direction = descending ? sql`desc` : sql`asc`;
  const result = await sql<{ hour: number | string; before: number | string }>`
    select hour, before from (
      select hour, sum(sessions) as sessions, sum(sum(sessions)) over (order by hour ${direction}) - sum(sessions) as before
      from session_hourly_counts where ${sql.join(conditions, sql` and `)} group by hour
    ) as running
    where before <= ${offset} and before + sessions > ${offset}
    order by hour ${direction} limit 1`.execute(db);
  const row = result.rows[0];
  return row ? { hour: Number(row.hour), before: Number(row.before) } : null;
}

/**
 * Turns a deep offset in creation order into a narrower date bound and a small offset inside one hour:
 * the partial hour at the near edge of the range is counted, whole hours are summed from the rollup to
 * find the hour that holds the row, and only that hour's earlier rows are skipped. For filters the
 * hourly rollup serves (account, website, dates).
 */
export async function placeOffsetByHours(
  db: Db,
  filter: SessionFilter,
  offset: number,
  descending: boolean,
): Promise<{ filter: SessionFilter; offset: number }> {
  const fromHour = filter.from == null ? null : Math.ceil(filter.from / HOUR) * HOUR;
  const toHour = filter.to == null ? null : Math.floor(filter.to / HOUR) * HOUR;
  if (fromHour !== null && toHour !== null && fromHour >= toHour) return { filter, offset };
  // The partial hour listed first: the newest one when descending, the oldest when ascending.
  const nearPartial = descending
    ? filter.to != null && toHour !== null && toHour < filter.to
      ? await countExactly(db, { ...filter, from: toHour })
      : 0
    : filter.from != null && fromHour !== null && filter.from < fromHour
      ? await countExactly(db, { ...filter, to: fromHour })
      : 0;
  if (offset < nearPartial) return { filter, offset };
  const inWholeHours = offset - nearPartial;
  const found = await hourAtOffset(db, filter, { from: fromHour, to: toHour }, inWholeHours, descending);
  if (found) {
    const bound = descending ? { to: found.hour + HOUR } : { from: found.hour };
    return { filter: { ...filter, ...bound }, offset: inWholeHours - found.before };
  }
  // Past every whole hour: the row is in the partial hour at the far edge.
  const whole = await sumWholeHours(db, filter, fromHour, toHour);
  const bound = descending ? { to: fromHour } : { from: toHour };
  return { filter: { ...filter, ...bound }, offset: inWholeHours - whole };
}
