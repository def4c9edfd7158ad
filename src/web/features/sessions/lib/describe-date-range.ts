import { formatIsoInZone } from '../../../components/sessions/session-format.ts';

export interface ResolvedDateRange {
  from: string | null;
  to: string | null;
  tz: string;
}

/**
 * The range the server actually used, in its zone: "Showing 22 Nov 2026 00:00 – now, America/New_York".
 * Without a date filter the server sends no range, and the list covers all time.
 */
export function describeDateRange(range: ResolvedDateRange | undefined, displayZone: string): string {
  if (!range) return `Showing all time; times in ${displayZone}`;
  const from = range.from ? formatIsoInZone(range.from, range.tz) : null;
  const to = range.to ? formatIsoInZone(range.to, range.tz) : null;
  if (from === null) return `Showing everything before ${to ?? 'now'}, ${range.tz}`;
  return `Showing ${from} – ${to ?? 'now'}, ${range.tz}`;
}
