/**
 * What the date range suites share: the zones they run in, the resolver called with a fixed `now`, and
 * expected values computed with Temporal (an independent implementation of zone rules), never with luxon.
 */
import { Temporal } from '@js-temporal/polyfill';
import { resolveDateRange, type ResolvedDateRange } from './date-range.ts';

/** Start of the local day: Temporal moves a midnight lost in a DST gap to the first existing instant. */
export function midnight(date: Temporal.PlainDate | string, tz: string): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: tz }).startOfDay();
}

export function seconds(zdt: Temporal.ZonedDateTime): number {
  return zdt.epochMilliseconds / 1000;
}

/** The offset written in an ISO string, with Z spelled as +00:00. */
export function isoOffset(iso: string): string {
  return iso.endsWith('Z') ? '+00:00' : iso.slice(-6);
}

/** The range `input` resolves to at `now` (by default a Monday after Europe's DST start), which must not be null. */
export function resolve(
  input: Parameters<typeof resolveDateRange>[0],
  now = new Date('2026-03-30T12:00:00Z'),
): ResolvedDateRange {
  const range = resolveDateRange(input, now);
  if (range === null) throw new Error('expected a range');
  return range;
}

export const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/Santiago',
  'America/Havana', // midnight skipped in March, repeated in November
  'UTC',
];
