export type DeviceType = 'desktop' | 'mobile' | 'tablet';

export interface ParsedUserAgent {
  device: DeviceType;
  os: { name: string; version: string };
  /** `description` is the whole User-Agent string, as the sessions API shows it. */
  browser: { name: string; version: string; description: string };
}

/** Browsers in the order they must be tried: the Chromium-based ones name Chrome and Safari too. */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\b(?:OPR|OPT|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Yandex', /\bYaBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:CriOS|Chrome)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
  ['Internet Explorer', /\b(?:MSIE |Trident\/.*\brv:)([\d.]+)/],
];

const WINDOWS_VERSIONS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista' };

function parseOs(ua: string): ParsedUserAgent['os'] {
  const windows = /\bWindows NT ([\d.]+)/.exec(ua);
  if (windows?.[1]) return { name: 'Windows', version: WINDOWS_VERSIONS[windows[1]] ?? windows[1] };
  const ios = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+(?:[_.]\d+)*)/.exec(ua);
  if (ios?.[1]) return { name: 'iOS', version: ios[1].replaceAll('_', '.') };
  const android = /\bAndroid(?: ([\d.]+))?/.exec(ua);
  if (android) return { name: 'Android', version: android[1] ?? '' };
  if (/\bCrOS\b/.test(ua)) return { name: 'ChromeOS', version: '' };
  const mac = /\bMac OS X(?: (\d+(?:[_.]\d+)*))?/.exec(ua);
  if (mac) return { name: 'macOS', version: (mac[1] ?? '').replaceAll('_', '.') };
  if (/\bLinux\b/.test(ua)) return { name: 'Linux', version: '' };
  return { name: '', version: '' };
}

function parseDevice(ua: string): DeviceType {
  if (/\biPad\b|\bTablet\b|\bPlayBook\b|\bKindle\b|\bSilk\//.test(ua)) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b/.test(ua)) return 'mobile';
  // Android phones say "Mobile"; Android without it is a tablet.
  if (/\bAndroid\b/.test(ua)) return 'tablet';
  return 'desktop';
}

/**
 * Device type, OS and browser from a User-Agent string: a small table of patterns for the browsers
 * people use, not a complete database. Anything unrecognised is an empty name. Frozen tokens are
 * reported as sent (Windows 11 says "Windows NT 10.0", so it reads as 10; macOS says 10.15.7).
 */
export function parseUserAgent(userAgent: string | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 1024);
  let browser = { name: '', version: '' };
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match?.[1]) {
      browser = { name, version: match[1] };
      break;
    }
  }
  return { device: parseDevice(ua), os: parseOs(ua), browser: { ...browser, description: ua } };
}
