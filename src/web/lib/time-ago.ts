import { APP_LOCALE } from './locale.ts';

const relative = new Intl.RelativeTimeFormat(APP_LOCALE, { numeric: 'auto' });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago `iso` was, in the largest whole unit ("5 minutes ago", "yesterday"); "just now" under a minute. */
export function formatTimeAgo(iso: string, now: number): string {
  // A clock slightly ahead of the reader's would otherwise read "in 3 seconds".
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
