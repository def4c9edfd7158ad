import { type Random, table, type WeightedTable } from './random.ts';

export type DeviceType = 'desktop' | 'mobile' | 'tablet';
type OsName = 'Windows' | 'macOS' | 'Linux' | 'iOS' | 'Android';
type BrowserName = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Samsung Internet' | 'Opera';

/** One visitor's device, OS, browser and screen, chosen together so they agree with each other. */
export interface Client {
  device: DeviceType;
  osName: OsName;
  osVersion: string;
  browserName: BrowserName;
  browserVersion: string;
  browserDescription: string;
  width: number;
  height: number;
}

const DEVICES = table<DeviceType>([['desktop', 55], ['mobile', 38], ['tablet', 7]]);

const OS_BY_DEVICE: Record<DeviceType, WeightedTable<OsName>> = {
  desktop: table<OsName>([['Windows', 58], ['macOS', 34], ['Linux', 8]]),
  mobile: table<OsName>([['iOS', 55], ['Android', 45]]),
  tablet: table<OsName>([['iOS', 70], ['Android', 30]]),
};

const OS_VERSIONS: Record<OsName, WeightedTable<string>> = {
  Windows: table([['11', 52], ['10', 48]]),
  macOS: table([['15.3', 30], ['15.2', 20], ['14.7', 25], ['14.6', 10], ['13.7', 15]]),
  Linux: table([['Ubuntu 24.04', 45], ['Ubuntu 22.04', 35], ['Fedora 41', 20]]),
  iOS: table([['18.3', 35], ['18.2', 20], ['18.1', 12], ['17.7', 15], ['17.6', 10], ['16.7', 8]]),
  Android: table([['15', 22], ['14', 38], ['13', 22], ['12', 11], ['11', 7]]),
};

const BROWSERS_BY_OS: Record<OsName, WeightedTable<BrowserName>> = {
  Windows: table<BrowserName>([['Chrome', 64], ['Edge', 24], ['Firefox', 9], ['Opera', 3]]),
  macOS: table<BrowserName>([['Chrome', 52], ['Safari', 38], ['Firefox', 6], ['Edge', 4]]),
  Linux: table<BrowserName>([['Chrome', 60], ['Firefox', 40]]),
  iOS: table<BrowserName>([['Safari', 82], ['Chrome', 18]]),
  Android: table<BrowserName>([['Chrome', 72], ['Samsung Internet', 20], ['Firefox', 8]]),
};

const BROWSER_VERSIONS: Record<BrowserName, WeightedTable<string>> = {
  Chrome: table([['133.0.6943.98', 40], ['132.0.6834.160', 30], ['131.0.6778.204', 20], ['130.0.6723.117', 10]]),
  Edge: table([['133.0.3065.69', 50], ['132.0.2957.140', 35], ['131.0.2903.112', 15]]),
  Firefox: table([['135.0', 45], ['134.0.2', 30], ['133.0.3', 10], ['128.7.0', 15]]),
  Safari: table([['18.3', 40], ['18.2', 25], ['18.1', 15], ['17.6', 20]]),
  'Samsung Internet': table([['27.0', 55], ['26.0', 30], ['25.0', 15]]),
  Opera: table([['116.0.0.0', 60], ['115.0.0.0', 40]]),
};

const SCREENS: Record<string, WeightedTable<readonly [number, number]>> = {
  'desktop:macOS': table([[[1512, 982], 22], [[1470, 956], 18], [[1440, 900], 20], [[1728, 1117], 14], [[2560, 1440], 10], [[1920, 1080], 10], [[1680, 1050], 6]]),
  desktop: table([[[1920, 1080], 40], [[1536, 864], 14], [[1366, 768], 12], [[2560, 1440], 10], [[1600, 900], 6], [[1440, 900], 5], [[1280, 720], 5], [[1680, 1050], 4], [[3840, 2160], 4]]),
  'mobile:iOS': table([[[390, 844], 25], [[393, 852], 25], [[430, 932], 14], [[414, 896], 10], [[402, 874], 10], [[375, 667], 8], [[428, 926], 8]]),
  'mobile:Android': table([[[412, 915], 30], [[360, 800], 22], [[384, 854], 12], [[412, 892], 12], [[393, 873], 12], [[360, 780], 12]]),
  'tablet:iOS': table([[[820, 1180], 30], [[810, 1080], 25], [[834, 1194], 25], [[1024, 1366], 20]]),
  'tablet:Android': table([[[800, 1280], 50], [[1280, 800], 20], [[962, 601], 15], [[1138, 712], 15]]),
};

const SAMSUNG_PHONES = ['SM-S928B', 'SM-S918B', 'SM-A546B', 'SM-G991B'];
const SAMSUNG_TABLETS = ['SM-X710', 'SM-X910'];

function major(version: string): string {
  return version.split('.')[0] ?? version;
}

/** The user-agent string the browser would send, in the shape each vendor uses today. */
function userAgent(client: Omit<Client, 'browserDescription' | 'width' | 'height'>, random: Random): string {
  const { device, osName, osVersion, browserName, browserVersion } = client;
  const webkit = 'AppleWebKit/537.36 (KHTML, like Gecko)';
  const chromeMajor = major(BROWSER_VERSIONS.Chrome.pick(random.next()));
  if (osName === 'iOS') {
    const platform = device === 'tablet' ? 'iPad; CPU OS' : 'iPhone; CPU iPhone OS';
    const prefix = `Mozilla/5.0 (${platform} ${osVersion.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)`;
    if (browserName === 'Chrome') return `${prefix} CriOS/${major(browserVersion)}.0.0.0 Mobile/15E148 Safari/604.1`;
    return `${prefix} Version/${browserVersion} Mobile/15E148 Safari/604.1`;
  }
  if (osName === 'Android') {
    const mobile = device === 'mobile' ? 'Mobile ' : '';
    if (browserName === 'Firefox') {
      return `Mozilla/5.0 (Android ${osVersion}; ${device === 'mobile' ? 'Mobile' : 'Tablet'}; rv:${major(browserVersion)}.0) Gecko/${major(browserVersion)}.0 Firefox/${browserVersion}`;
    }
    if (browserName === 'Samsung Internet') {
      const model = random.pick(device === 'mobile' ? SAMSUNG_PHONES : SAMSUNG_TABLETS);
      return `Mozilla/5.0 (Linux; Android ${osVersion}; ${model}) ${webkit} SamsungBrowser/${browserVersion} Chrome/${chromeMajor}.0.0.0 ${mobile}Safari/537.36`;
    }
    return `Mozilla/5.0 (Linux; Android 10; K) ${webkit} Chrome/${major(browserVersion)}.0.0.0 ${mobile}Safari/537.36`;
  }
  const platform =
    osName === 'Windows' ? 'Windows NT 10.0; Win64; x64' : osName === 'macOS' ? 'Macintosh; Intel Mac OS X 10_15_7' : 'X11; Linux x86_64';
  switch (browserName) {
    case 'Firefox': {
      const firefoxPlatform = osName === 'macOS' ? 'Macintosh; Intel Mac OS X 10.15' : platform;
      return `Mozilla/5.0 (${firefoxPlatform}; rv:${major(browserVersion)}.0) Gecko/20100101 Firefox/${browserVersion}`;
    }
    case 'Safari':
      return `Mozilla/5.0 (${platform}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${browserVersion} Safari/605.1.15`;
    case 'Edge':
      return `Mozilla/5.0 (${platform}) ${webkit} Chrome/${major(browserVersion)}.0.0.0 Safari/537.36 Edg/${browserVersion}`;
    case 'Opera':
      return `Mozilla/5.0 (${platform}) ${webkit} Chrome/${Number(major(browserVersion)) + 15}.0.0.0 Safari/537.36 OPR/${browserVersion}`;
    default:
      return `Mozilla/5.0 (${platform}) ${webkit} Chrome/${major(browserVersion)}.0.0.0 Safari/537.36`;
  }
}

export function pickClient(random: Random): Client {
  const device = random.weighted(DEVICES);
  const osName = random.weighted(OS_BY_DEVICE[device]);
  const osVersion = random.weighted(OS_VERSIONS[osName]);
  const browserName = random.weighted(BROWSERS_BY_OS[osName]);
  // Safari on iOS ships with the OS, so its version is the OS version.
  const browserVersion =
    osName === 'iOS' && browserName === 'Safari' ? osVersion : random.weighted(BROWSER_VERSIONS[browserName]);
  const base = { device, osName, osVersion, browserName, browserVersion };
  const screens = SCREENS[`${device}:${osName}`] ?? SCREENS.desktop;
  const [width, height] = screens ? random.weighted(screens) : [1920, 1080];
  return { ...base, browserDescription: userAgent(base, random), width, height };
}
