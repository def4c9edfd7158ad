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
