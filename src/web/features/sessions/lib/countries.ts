/**
 * Codes the browser names that are not current ISO 3166-1 countries: groupings, retired codes kept as aliases
 * (DD, SU, YU, ...), codes reserved for other uses (AC, UK, ...), and test regions.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The English name of an ISO 3166-1 alpha-2 code, or the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

let cached: { code: string; name: string }[] | undefined;

/** Every country the browser can name, sorted by name; built on first use from the two-letter codes. */
export function listCountries(): { code: string; name: string }[] {
  if (cached) return cached;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const found: { code: string; name: string }[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      const name = names.of(code);
      if (name && !NOT_COUNTRIES.has(code)) found.push({ code, name });
    }
  }
  cached = found.sort((x, y) => x.name.localeCompare(y.name));
  return cached;
}

let codes: Set<string> | undefined;

/** Whether `code` (two letters, upper case) is a country the list can name, as the country picker offers. */
export function isCountryCode(code: string): boolean {
  codes ??= new Set(listCountries().map((country) => country.code));
  return codes.has(code);
}

/** Names people type for a country that neither its English name nor its code contains. */
const ALSO_CALLED: Record<string, string> = { uk: 'GB', usa: 'US', america: 'US', uae: 'AE', holland: 'NL' };

/** Lower-case, without accents: "Åland" is found by "aland", "Côte" by "cote". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether folded text names the country exactly: its code, its whole name or a usual short name. */
function isNamedBy(wanted: string, country: { code: string }, foldedName: string): boolean {
  return (
    wanted !== '' &&
    (country.code.toLowerCase() === wanted || ALSO_CALLED[wanted] === country.code || foldedName === wanted)
  );
}

/** Whether `text` names the country exactly: its code, its whole name or a usual short name. */
export function namesExactly(text: string, country: { code: string; name: string }): boolean {
  return isNamedBy(fold(text.trim()), country, fold(country.name));
}

/**
 * The countries that `text` names: first the one it names exactly (`namesExactly`: "de" is Germany,
 * ahead of Bangladesh and Sweden; "uk" the United Kingdom), then those whose name contains it, accents
 * and case aside, by `rank` (their group) and then in their given order.
 */
export function findCountries<T extends { code: string; name: string }>(
  countries: readonly T[],
  text: string,
  rank: (country: T) => number = () => 0,
): T[] {
  const wanted = fold(text.trim());
  if (wanted === '') return [...countries];
  const found: { country: T; key: number; index: number }[] = [];
  for (const country of countries) {
    const name = fold(country.name);
    const exact = isNamedBy(wanted, country, name);
    if (exact || name.includes(wanted)) found.push({ country, key: exact ? -1 : rank(country), index: found.length });
  }
  return found.sort((a, b) => a.key - b.key || a.index - b.index).map(({ country }) => country);
}
