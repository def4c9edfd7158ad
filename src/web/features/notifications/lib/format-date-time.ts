const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp in the reader's own locale and time zone, e.g. "12 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  return formatter.format(new Date(iso));
}
