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

/** Names people type for a country that neither its English name nor its code contains. */
const ALSO_CALLED: Record<string, string> = { uk: 'GB', usa: 'US', america: 'US', uae: 'AE', holland: 'NL' };

/** Lower-case, without accents: "Åland" is found by "aland", "Côte" by "cote". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The countries that `text` names, in their given order except that those it names exactly come first:
 * by code ("de" is Germany, before Bangladesh and Sweden), or by another usual name ("uk"), and then
 * those whose name contains it, accents and case aside. `rank` keeps options in their groups: a country
 * moves ahead only of others of the same rank.
 */
export function findCountries<T extends { code: string; name: string }>(
  countries: readonly T[],
  text: string,
  rank: (country: T) => number = () => 0,
): T[] {
  const wanted = fold(text.trim());
  if (wanted === '') return [...countries];
  const exact = (country: T) => country.code.toLowerCase() === wanted || ALSO_CALLED[wanted] === country.code;
  return countries
    .filter((country) => exact(country) || fold(country.name).includes(wanted))
    .map((country, index) => ({ country, key: [rank(country), exact(country) ? 0 : 1, index] as const }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({ country }) => country);
}
