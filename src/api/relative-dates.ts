import { DateTime } from 'luxon';
import type { RelativeDate } from './date-bounds.ts';

/**
 * The instants the sessions list's relative dates stand for, shared by the server (which filters by them)
 * and the dashboard (which sets aside a link's `date_to` that falls before its `date_from`). Each is the
 * start of a local day in the zone of `now`.
 */

const DAY_MS = 86_400_000;

/** Calendar arithmetic on local dates, so a DST change in between does not shift the result off midnight. */
export function relativeDate(value: RelativeDate, now: DateTime): DateTime {
  const today = startOfDay(now);
  switch (value) {
    case 'TODAY':
      return today;
    case 'YESTERDAY':
      return startOfDay(today.minus({ days: 1 }));
    case 'BEGINNING_OF_WEEK':
      // ISO weekday: Monday is 1.
      return startOfDay(today.minus({ days: today.weekday - 1 }));
    case 'BEGINNING_OF_MONTH':
      return startOfDay(today.set({ day: 1 }));
    case 'BEGINNING_OF_PREV_MONTH':
      return startOfDay(today.set({ day: 1 }).minus({ months: 1 }));
    case 'TODAY-7DAYS':
      return startOfDay(today.minus({ days: 7 }));
    case 'TODAY-30DAYS':
      return startOfDay(today.minus({ days: 30 }));
  }
}

/** The first instant of the local day: luxon moves a midnight lost in a DST gap to the end of the gap. */
export function startOfDay(at: DateTime): DateTime {
  return earliestOccurrence(at.startOf('day'));
}

/**
 * A wall time repeated by a fall-back (e.g. midnight in America/Havana on 2026-11-01) is resolved by
 * luxon with whichever offset it guessed first, which depends on the real clock. Take the earlier
 * occurrence, as Temporal's 'compatible' disambiguation does, so the result is deterministic.
 */
export function earliestOccurrence(at: DateTime): DateTime {
  const earlierOffset = at.zone.offset(at.toMillis() - DAY_MS);
  if (earlierOffset <= at.offset) return at;
  const candidate = at.toMillis() - (earlierOffset - at.offset) * 60_000;
  return at.zone.offset(candidate) === earlierOffset ? DateTime.fromMillis(candidate, { zone: at.zone }) : at;
}
