import { DateTime } from 'luxon';
import { APP_LOCALE, formatNumber } from '../../lib/locale.ts';

/** "22 Nov 2026, 14:03:05" for a Unix time in seconds, read in `zone`. */
export function formatTimestamp(unixSeconds: number, zone: string): string {
  return DateTime.fromSeconds(unixSeconds, { zone, locale: APP_LOCALE }).toFormat('d LLL yyyy, HH:mm:ss');
}

/** "22 Nov 2026 00:00" for an ISO instant, read in `zone`. */
export function formatIsoInZone(iso: string, zone: string): string {
  const at = DateTime.fromISO(iso, { zone, locale: APP_LOCALE });
  return at.isValid ? at.toFormat('d LLL yyyy HH:mm') : iso;
}

/** "1h 2m 5s", "3m 0s", "42s". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * The country's name for an ISO 3166-1 alpha-2 code ("FR" is "France"), the code itself when unknown, or an
 * empty string for no code. Names rather than flag emoji: Debian's Chromium has no flag glyphs (empty
 * boxes) and Windows shows the two letters.
 */
export function countryName(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return countryCode.trim();
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The host of a URL, or the text itself when it is not one. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * "1–25 of 1,000,000": the true total, even where the pages stop short of it (past page 10,000 the other
 * sort direction or a narrower filter reaches the rest).
 */
export function displayedRows(total: number) {
  return ({ from, to }: { from: number; to: number }) =>
    `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`;
}

/**
 * A score as the engagement filter reads it, to a tenth: shown rounded, 49.7 would read as 50 and still
 * be left out by "at least 50".
 */
export function formatScore(score: number): string {
  const tenths = Math.round(score * 10) / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}
