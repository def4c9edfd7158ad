import type { Random } from './random.ts';
import type { DeviceType } from '../../api/device-types.ts';

export type OsName = 'Windows' | 'macOS' | 'Linux' | 'iOS' | 'Android';
export type BrowserName = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Samsung Internet' | 'Opera';

export interface BrowserSetup {
  device: DeviceType;
  osName: OsName;
  osVersion: string;
  browserName: BrowserName;
  browserVersion: string;
}

const SAMSUNG_PHONES = ['SM-S928B', 'SM-S918B', 'SM-A546B', 'SM-G991B'];
const SAMSUNG_TABLETS = ['SM-X710', 'SM-X910'];
const CHROMIUM_MAJORS = ['131', '132', '133'];
const BLINK = 'AppleWebKit/537.36 (KHTML, like Gecko)';
const WEBKIT = 'AppleWebKit/605.1.15 (KHTML, like Gecko)';

function major(version: string): string {
  return version.split('.')[0] ?? version;
}

function appleMobile({ device, osVersion, browserName, browserVersion }: BrowserSetup): string {
  const platform = device === 'tablet' ? 'iPad; CPU OS' : 'iPhone; CPU iPhone OS';
  const prefix = `Mozilla/5.0 (${platform} ${osVersion.replace('.', '_')} like Mac OS X) ${WEBKIT}`;
  if (browserName === 'Chrome') return `${prefix} CriOS/${major(browserVersion)}.0.0.0 Mobile/15E148 Safari/604.1`;
  return `${prefix} Version/${browserVersion} Mobile/15E148 Safari/604.1`;
}

function android({ device, osVersion, browserName, browserVersion }: BrowserSetup, random: Random): string {
  const mobile = device === 'mobile' ? 'Mobile ' : '';
  const version = major(browserVersion);
  if (browserName === 'Firefox') {
    const form = device === 'mobile' ? 'Mobile' : 'Tablet';
    return `Mozilla/5.0 (Android ${osVersion}; ${form}; rv:${version}.0) Gecko/${version}.0 Firefox/${browserVersion}`;
  }
  if (browserName === 'Samsung Internet') {
    const model = random.pick(device === 'mobile' ? SAMSUNG_PHONES : SAMSUNG_TABLETS);
    const chromium = random.pick(CHROMIUM_MAJORS);
    return `Mozilla/5.0 (Linux; Android ${osVersion}; ${model}) ${BLINK} SamsungBrowser/${browserVersion} Chrome/${chromium}.0.0.0 ${mobile}Safari/537.36`;
  }
  // Chrome's reduced user agent hides the Android version and model behind "Android 10; K".
  return `Mozilla/5.0 (Linux; Android 10; K) ${BLINK} Chrome/${version}.0.0.0 ${mobile}Safari/537.36`;
}

function desktop({ osName, browserName, browserVersion }: BrowserSetup): string {
  const platforms: Record<string, string> = {
    Windows: 'Windows NT 10.0; Win64; x64',
    macOS: 'Macintosh; Intel Mac OS X 10_15_7',
    Linux: 'X11; Linux x86_64',
  };
  const platform = platforms[osName] ?? 'X11; Linux x86_64';
  const version = major(browserVersion);
  switch (browserName) {
    case 'Firefox': {
      const firefoxPlatform = osName === 'macOS' ? 'Macintosh; Intel Mac OS X 10.15' : platform;
      return `Mozilla/5.0 (${firefoxPlatform}; rv:${version}.0) Gecko/20100101 Firefox/${browserVersion}`;
    }
    case 'Safari':
      return `Mozilla/5.0 (${platform}) ${WEBKIT} Version/${browserVersion} Safari/605.1.15`;
    case 'Edge':
      return `Mozilla/5.0 (${platform}) ${BLINK} Chrome/${version}.0.0.0 Safari/537.36 Edg/${browserVersion}`;
    case 'Opera':
      // Opera N runs on Chromium N + 15.
      return `Mozilla/5.0 (${platform}) ${BLINK} Chrome/${Number(version) + 15}.0.0.0 Safari/537.36 OPR/${browserVersion}`;
    default:
      return `Mozilla/5.0 (${platform}) ${BLINK} Chrome/${version}.0.0.0 Safari/537.36`;
  }
}

/** The user-agent string the browser would send, in the shape each vendor uses today. */
export function userAgent(setup: BrowserSetup, random: Random): string {
  if (setup.osName === 'iOS') return appleMobile(setup);
  if (setup.osName === 'Android') return android(setup, random);
  return desktop(setup);
}
