import { Temporal } from '@js-temporal/polyfill';
import { DateTime, IANAZone } from 'luxon';
import { errors } from '../../errors.ts';
import {
  ISO_DATE,
  ISO_DATE_TIME,
  isRelativeDate,
  RELATIVE_DATES,
  type RelativeDate,
} from '../../../api/date-bounds.ts';
import { earliestOccurrence, relativeDate, startOfDay } from '../../../api/relative-dates.ts';

export interface ResolvedDateRange {
  /** Unix seconds, inclusive bound on creation_timestamp (null when date_from is absent). */
  from: number | null;
  /** Unix seconds, exclusive bound (null when date_to is absent). */
  to: number | null;
  /** The instant used, ISO 8601 with the offset of `tz` at that instant. */
  fromIso: string | null;
  toIso: string | null;
  /** The zone the dates were read in. */
  tz: string;
}

export interface DateRangeInput {
  date_from?: string;
  date_to?: string;
  tz?: string;
}

export const DEFAULT_TIMEZONE = 'Europe/London';

export { RELATIVE_DATES, type RelativeDate };

type DateParam = 'date_from' | 'date_to';

/**
 * Resolves the date_from / date_to / tz query params of the sessions list into Unix-second bounds.
 * Returns null when neither date_from nor date_to is given. `now` is injected for tests.
 */
export function resolveDateRange(input: DateRangeInput, now: Date): ResolvedDateRange | null {
  const { date_from: dateFrom, date_to: dateTo } = input;
  // An explicit tz is always checked, so a typo is reported even before any date is sent.
  if (input.tz !== undefined && !IANAZone.isValidZone(input.tz)) {
    throw errors.validation(
      'invalid_timezone',
      `tz must be an IANA time zone such as Europe/London; got "${input.tz}"`,
      'tz',
    );
  }
  if (dateFrom === undefined && dateTo === undefined) return null;

  const tz = input.tz === undefined ? DEFAULT_TIMEZONE : zoneName(input.tz);
  const from = dateFrom === undefined ? null : parseBound(dateFrom, tz, now, 'date_from');
  const to = dateTo === undefined ? null : parseBound(dateTo, tz, now, 'date_to');
  if (from !== null && to !== null && from.seconds > to.seconds) {
    throw errors.validation('invalid_date_range', 'date_from must not be after date_to', 'date_from');
  }
  return {
    from: from?.seconds ?? null,
    to: to?.seconds ?? null,
    fromIso: from?.iso ?? null,
    toIso: to?.iso ?? null,
    tz,
  };
}

/** Zone names as the time zone database spells them, by the name as a request sent it. */
const ZONE_NAMES = new Map<string, string>();

/**
 * A valid zone's name as the time zone database spells it, since names are matched in any case:
 * "america/new_york" is America/New_York, and an alias stays itself (us/eastern is US/Eastern).
 */
function zoneName(tz: string): string {
  let name = ZONE_NAMES.get(tz);
  if (name === undefined) {
    try {
      name = Temporal.Now.zonedDateTimeISO(tz).timeZoneId;
    } catch {
      name = tz;
    }
    // Only valid names reach here, and the database holds a few hundred: the map stays small.
    ZONE_NAMES.set(tz, name);
  }
  return name;
}

interface Bound {
  seconds: number;
  iso: string;
}

function parseBound(value: string, tz: string, now: Date, param: DateParam): Bound {
  const at = parseDate(value, tz, now);
  if (at === null) {
    throw errors.validation(
      'invalid_date',
      `${param} must be a date (YYYY-MM-DD), an ISO 8601 date-time, or one of ${RELATIVE_DATES.join(', ')}; got "${value}"`,
      param,
    );
  }
  // luxon keeps whole milliseconds only; digits past them can still push the instant past a whole second.
  const beyondMs = /[1-9]/.test(ISO_DATE_TIME.exec(value)?.groups?.fraction?.slice(3) ?? '') ? 1 : 0;
  // Sessions have integer-second timestamps, so rounding up keeps `ts >= from` / `ts < to` exact.
  // An offset of minutes and seconds (a zone's local mean time before it kept standard time, -00:01:15 in
  // London) has no ISO 8601 form that says its seconds: the instant is told in UTC instead.
  const told = Number.isInteger(at.offset) ? at : at.toUTC();
  return { seconds: Math.ceil((at.toMillis() + beyondMs) / 1000), iso: told.toISO() ?? value };
}

function parseDate(value: string, tz: string, now: Date): DateTime | null {
  if (isRelativeDate(value)) return relativeDate(value, DateTime.fromJSDate(now, { zone: tz }));
  if (ISO_DATE.test(value)) {
    const day = DateTime.fromISO(value, { zone: tz });
    return day.isValid ? startOfDay(day) : null;
  }
  const match = ISO_DATE_TIME.exec(value);
  if (match === null) return null;
  const at = DateTime.fromISO(value, { zone: tz });
  if (!at.isValid) return null;
  return match.groups?.offset === undefined ? earliestOccurrence(at) : at;
}
