/**
 * The dashboard writes every date and number one way, whatever the browser's language: English with the
 * day before the month, the month in words and a 24-hour clock ("1 Dec 2026, 14:03"), and commas between
 * thousands. A date with the month in words cannot be misread as month-first or day-first, and the sessions
 * list, its date pickers and the settings then agree. Times are read in the reader's own zone unless a
 * caller gives one.
 */
export const APP_LOCALE = 'en-GB';

const numberFormat = new Intl.NumberFormat(APP_LOCALE);
const dateFormat = new Intl.DateTimeFormat(APP_LOCALE, { dateStyle: 'medium' });
const minuteFormat = new Intl.DateTimeFormat(APP_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const secondFormat = new Intl.DateTimeFormat(APP_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(APP_LOCALE, { dateStyle: 'full', timeStyle: 'long' });

/** "1,234,567". */
export const formatNumber = (value: number) => numberFormat.format(value);

/** "1 Dec 2026". */
export const formatDate = (date: Date) => dateFormat.format(date);

/** "1 Dec 2026, 14:03". */
export const formatDateMinute = (date: Date) => minuteFormat.format(date);

/** "1 Dec 2026, 14:03:05". */
export const formatDateSecond = (date: Date) => secondFormat.format(date);

/** "Tuesday 1 December 2026 at 14:03:05 CET": the exact moment, shown on hover. */
export const formatFullDateTime = (date: Date) => fullFormat.format(date);
