import type { Temporal } from '@js-temporal/polyfill';
import type { RelativeDate } from '../date-range.ts';

/**
 * The local day a relative date names, computed with Temporal (an independent implementation of zone
 * rules), never with the server's luxon.
 */
export function expectedRelativeDay(key: RelativeDate, today: Temporal.PlainDate): Temporal.PlainDate {
  switch (key) {
    case 'TODAY':
      return today;
    case 'YESTERDAY':
      return today.subtract({ days: 1 });
    case 'BEGINNING_OF_WEEK':
      return today.subtract({ days: today.dayOfWeek - 1 });
    case 'BEGINNING_OF_MONTH':
      return today.with({ day: 1 });
    case 'BEGINNING_OF_PREV_MONTH':
      return today.with({ day: 1 }).subtract({ months: 1 });
    case 'TODAY-7DAYS':
      return today.subtract({ days: 7 });
    case 'TODAY-30DAYS':
      return today.subtract({ days: 30 });
  }
}
