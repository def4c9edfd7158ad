import { DateTime } from 'luxon';
import { isRelativeDate } from '../../../../api/date-bounds.ts';
import { relativeDate } from '../../../../api/relative-dates.ts';

const LOCAL_FORMAT = "yyyy-LL-dd'T'HH:mm:ss";

/**
 * A wall-clock date-time without offset ("2026-11-22T09:30:00"), which the API reads in `tz`, so the
 * same link means the same local times whatever zone the reader's browser is in.
 */
export function toLocalIso(at: DateTime, zone: string): string {
  return at.setZone(zone).toFormat(LOCAL_FORMAT);
}

/** The picker value for a `date_from`/`date_to` string; null for relative strings or nothing. */
export function fromLocalIso(value: string, zone: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const at = DateTime.fromISO(value, { zone });
  return at.isValid ? at : null;
}

/**
 * The instant a date bound of the list stands for in `zone`: a relative date ("YESTERDAY") as the start of
 * its day now, or a date or date-time as `fromLocalIso` reads it. Null for anything else.
 */
export function boundInstant(value: string, zone: string): DateTime | null {
  return isRelativeDate(value) ? relativeDate(value, DateTime.now().setZone(zone)) : fromLocalIso(value, zone);
}

/** The start of today in `zone`, as a wall-clock date-time. */
export function startOfTodayIso(zone: string): string {
  return toLocalIso(DateTime.now().setZone(zone).startOf('day'), zone);
}
