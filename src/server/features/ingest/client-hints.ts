import type { ClientHintsInput } from '../../../api/schemas/ingest.ts';
import type { ParsedUserAgent } from './user-agent.ts';

/** Client Hints brands by the browser name the User-Agent parser gives; "Not A;Brand" and Chromium are left out. */
const BRANDS: Record<string, string> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  'Opera GX': 'Opera',
  'Samsung Internet': 'Samsung Internet',
  YaBrowser: 'Yandex',
  Brave: 'Brave',
  Vivaldi: 'Vivaldi',
};

/** Client Hints platforms by the OS name the parser gives: hints only refine the OS they describe. */
const PLATFORMS: Record<string, string> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  'Chromium OS': 'ChromeOS',
  Linux: 'Linux',
};

/** Windows reports its platform version as the UniversalApiContract version: 13 and above is Windows 11. */
export function windowsVersion(platformVersion: string): string | null {
  const major = Number(platformVersion.split('.')[0]);
  if (!Number.isInteger(major)) return null;
  if (major >= 13) return '11';
  if (major >= 1) return '10';
  // 0 is Windows 7, 8 or 8.1, which the User-Agent already tells apart.
  return null;
}

function osVersion(os: ParsedUserAgent['os'], platformVersion: string): string {
  if (os.name === 'Windows') return windowsVersion(platformVersion) ?? os.version;
  return platformVersion;
}

/**
 * The parsed User-Agent with what Client Hints say more precisely: the OS version (Windows 11, the real
 * macOS version behind the frozen 10.15.7) and the browser's full version (the User-Agent says 133.0.0.0).
 * Hints for another platform or another browser than the User-Agent names are ignored.
 */
export function applyClientHints(parsed: ParsedUserAgent, hints: ClientHintsInput): ParsedUserAgent {
  let { os, browser } = parsed;
  const platformMatches = hints.platform !== undefined && PLATFORMS[hints.platform] === os.name;
  if (platformMatches && hints.platform_version && /^\d+(\.\d+)*$/.test(hints.platform_version)) {
    os = { ...os, version: osVersion(os, hints.platform_version) };
  }
  const brand = hints.full_version_list?.find((entry) => BRANDS[entry.brand] === browser.name);
  if (brand && /^\d+(\.\d+)*$/.test(brand.version)) browser = { ...browser, version: brand.version };
  return { ...parsed, os, browser };
}
