export interface Geolocation {
  country_code: string;
  region: string;
  city: string;
}

export const UNKNOWN_LOCATION: Geolocation = { country_code: '', region: '', city: '' };

type Headers = Record<string, string | string[] | undefined>;

// The visitor-location headers of common edge proxies: Cloudflare, Vercel, CloudFront, in that order.
const COUNTRY = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'];
const REGION = ['cf-region', 'x-vercel-ip-country-region', 'cloudfront-viewer-country-region-name'];
const CITY = ['cf-ipcity', 'x-vercel-ip-city', 'cloudfront-viewer-city'];

function firstHeader(headers: Headers, names: readonly string[]): string {
  for (const name of names) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value) {
      // Vercel percent-encodes city names.
      try {
        return decodeURIComponent(value).slice(0, 100);
      } catch {
        return value.slice(0, 100);
      }
    }
  }
  return '';
}

/**
 * The visitor's location as a trusted edge proxy tells it (read only with `TRUST_PROXY`); when it names
 * no country, ingest looks the address up in the IP location database instead (ip-location.ts).
 * Cloudflare's XX (unknown) and T1 (Tor) are not countries and read as empty.
 */
export function geolocationFromHeaders(headers: Headers): Geolocation {
  const country = firstHeader(headers, COUNTRY).toUpperCase();
  return {
    country_code: /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : '',
    region: firstHeader(headers, REGION),
    city: firstHeader(headers, CITY),
  };
}
