import UAParser from 'ua-parser-js';
import type { ClientHintsInput } from '../../../api/schemas/ingest.ts';
import { applyClientHints } from './client-hints.ts';
import type { DeviceType } from '../../../api/device-types.ts';

export interface ParsedUserAgent {
  device: DeviceType;
  os: { name: string; version: string };
  /** `description` is the whole User-Agent string, as the sessions API shows it. */
  browser: { name: string; version: string; description: string };
}

/** The parser's names where the product has always said something else (or where a mobile build is the same browser). */
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Opera Mobi': 'Opera',
  'Opera Touch': 'Opera',
  IE: 'Internet Explorer',
  IEMobile: 'Internet Explorer',
};

const OS_NAMES: Record<string, string> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
  'Chrome OS': 'ChromeOS',
};

/**
 * ua-parser-js tries hundreds of patterns (a few hundred microseconds a string), while visitors share
 * few distinct User-Agents: recent answers are kept, oldest dropped first.
 */
const recent = new Map<string, ParsedUserAgent>();
const RECENT_MAX = 2000;

/** The description keeps this much of the User-Agent; parsing reads no further. */
const MAX_USER_AGENT = 1024;

function deviceType(type: string | undefined): DeviceType {
  if (type === 'tablet') return 'tablet';
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  // Desktops carry no device type; TVs, consoles and embedded browsers count with them.
  return 'desktop';
}

/**
 * Device type, OS and browser from a User-Agent string, read by ua-parser-js (1.x, MIT), then refined by
 * the User-Agent Client Hints the tracker sends where browsers have them: a frozen User-Agent says
 * "Windows NT 10.0" on Windows 11 and "Mac OS X 10_15_7" on every recent Mac. Anything unrecognised is
 * an empty name.
 */
export function parseUserAgent(userAgent: string | undefined, hints?: ClientHintsInput): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  const key = hints ? `${ua}\n${JSON.stringify(hints)}` : ua;
  const cached = recent.get(key);
  if (cached) return cached;
  const parsed = parseUncached(ua, hints);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value ?? '');
  recent.set(key, parsed);
  return parsed;
}

function parseUncached(ua: string, hints: ClientHintsInput | undefined): ParsedUserAgent {
  // Android's reduced User-Agent names every device "K"; the model hint lets the parser tell tablets from phones.
  const model = hints?.model?.replace(/[^\w .+-]/g, '');
  const result = new UAParser(model ? ua.replace('; K)', `; ${model})`) : ua).getResult();
  const browserName = result.browser.name ?? '';
  const osName = result.os.name ?? '';
  const parsed: ParsedUserAgent = {
    device: deviceType(result.device.type),
    os: { name: OS_NAMES[osName] ?? osName, version: result.os.version ?? '' },
    browser: {
      name: BROWSER_NAMES[browserName] ?? browserName,
      version: result.browser.version ?? '',
      description: ua,
    },
  };
  return hints ? applyClientHints(parsed, hints) : parsed;
}
