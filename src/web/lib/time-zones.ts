/** The zone this browser runs in, which is where people expect "today" to start. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// Building a formatter costs about a millisecond, and every render of a page with times asks: remember answers.
const validity = new Map<string, boolean>();

export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  const known = validity.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    valid = false;
  }
  validity.set(zone, valid);
  return valid;
}

/**
 * Every IANA zone the browser knows, plus UTC and `current` (browsers may report an alias such as
 * Asia/Calcutta that the canonical list leaves out).
 */
export function timeZoneOptions(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

const PREFERENCE_KEY = 'time-zone';

/**
 * The zone this person reads times in: the one they last chose (remembered in this browser), or the
 * browser's own. A `tz` in a link overrides it for that page only.
 */
export function preferredTimeZone(): string {
  try {
    const stored = window.localStorage.getItem(PREFERENCE_KEY) ?? '';
    return isValidTimeZone(stored) ? stored : browserTimeZone();
  } catch {
    // Storage can be switched off; the browser's zone is the next best guess.
    return browserTimeZone();
  }
}

/** Remembers a zone the person chose, so every page uses it from now on. */
export function rememberTimeZone(zone: string): void {
  if (!isValidTimeZone(zone)) return;
  try {
    if (zone === browserTimeZone()) window.localStorage.removeItem(PREFERENCE_KEY);
    else window.localStorage.setItem(PREFERENCE_KEY, zone);
  } catch {
    // Not remembered; the choice still holds on this page through the address.
  }
}

/** The zone a page shows: a valid `tz` from its address, otherwise the person's preferred zone. */
export function resolveTimeZone(fromAddress: string | null): { timeZone: string; refused: string | null } {
  const asked = fromAddress?.trim() ?? '';
  if (isValidTimeZone(asked)) return { timeZone: asked, refused: null };
  return { timeZone: preferredTimeZone(), refused: asked === '' ? null : asked };
}
