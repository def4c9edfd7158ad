/**
 * How the sessions list's `date_from` and `date_to` may be written, shared by the server (which resolves
 * them in a zone) and the dashboard (which sets aside a link's date it could not send). Plain constants,
 * importable without TypeBox.
 */
export const RELATIVE_DATES = [
  'TODAY',
  'YESTERDAY',
  'BEGINNING_OF_WEEK',
  'BEGINNING_OF_MONTH',
  'BEGINNING_OF_PREV_MONTH',
  'TODAY-7DAYS',
  'TODAY-30DAYS',
] as const;

export type RelativeDate = (typeof RELATIVE_DATES)[number];

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.(?<fraction>\d{1,9}))?)?(?<offset>Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

export function isRelativeDate(value: string): value is RelativeDate {
  return (RELATIVE_DATES as readonly string[]).includes(value);
}

/** The parts of an ISO date or date-time, as numbers; the offset is left to ISO_DATE_TIME. */
const PARTS =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:T(?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.(?<fraction>\d+))?)?)?/;

/**
 * True when `value` is a bound the list accepts: a relative date, or an ISO date or date-time whose day
 * exists and whose time is on the clock ("2026-02-30" and "T12:60" are not; "T24:00" ends the day).
 */
export function isDateBound(value: string): boolean {
  if (isRelativeDate(value)) return true;
  if (!ISO_DATE.test(value) && !ISO_DATE_TIME.test(value)) return false;
  const parts = PARTS.exec(value)?.groups ?? {};
  const part = (name: string) => Number(parts[name] ?? 0);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  const [hour, minute, second, fraction] = [part('hour'), part('minute'), part('second'), part('fraction')];
  const at = new Date(Date.UTC(2000, month - 1, day));
  at.setUTCFullYear(year);
  const dayExists = at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  // ISO 8601's 24:00 is the end of the day, the next one's midnight; nothing later in that hour is.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && fraction === 0;
  return dayExists && ((hour < 24 && minute < 60 && second < 60) || endOfDay);
}
