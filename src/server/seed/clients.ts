import { type Random, type WeightedTable, weights } from './random.ts';
import type { DeviceType } from '../../api/device-types.ts';
import { type BrowserName, type OsName, userAgent } from './user-agent.ts';

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

const DEVICES = weights<DeviceType>({ desktop: 55, mobile: 38, tablet: 7 });

const OS_BY_DEVICE: Record<DeviceType, WeightedTable<OsName>> = {
  desktop: weights<OsName>({ Windows: 58, macOS: 34, Linux: 8 }),
  mobile: weights<OsName>({ iOS: 55, Android: 45 }),
  tablet: weights<OsName>({ iOS: 70, Android: 30 }),
};

const OS_VERSIONS: Record<OsName, WeightedTable<string>> = {
  Windows: weights({ '11': 52, '10': 48 }),
  macOS: weights({ '15.3': 30, '15.2': 20, '14.7': 25, '14.6': 10, '13.7': 15 }),
  Linux: weights({ 'Ubuntu 24.04': 45, 'Ubuntu 22.04': 35, 'Fedora 41': 20 }),
  iOS: weights({ '18.3': 35, '18.2': 20, '18.1': 12, '17.7': 15, '17.6': 10, '16.7': 8 }),
  Android: weights({ '15': 22, '14': 38, '13': 22, '12': 11, '11': 7 }),
};

const BROWSERS_BY_OS: Record<OsName, WeightedTable<BrowserName>> = {
  Windows: weights<BrowserName>({ Chrome: 64, Edge: 24, Firefox: 9, Opera: 3 }),
  macOS: weights<BrowserName>({ Chrome: 52, Safari: 38, Firefox: 6, Edge: 4 }),
  Linux: weights<BrowserName>({ Chrome: 60, Firefox: 40 }),
  iOS: weights<BrowserName>({ Safari: 82, Chrome: 18 }),
  Android: weights<BrowserName>({ Chrome: 72, 'Samsung Internet': 20, Firefox: 8 }),
};

const BROWSER_VERSIONS: Record<BrowserName, WeightedTable<string>> = {
  Chrome: weights({ '133.0.6943.98': 40, '132.0.6834.160': 30, '131.0.6778.204': 20, '130.0.6723.117': 10 }),
  Edge: weights({ '133.0.3065.69': 50, '132.0.2957.140': 35, '131.0.2903.112': 15 }),
  Firefox: weights({ '135.0': 45, '134.0.2': 30, '133.0.3': 10, '128.7.0': 15 }),
  Safari: weights({ '18.3': 40, '18.2': 25, '18.1': 15, '17.6': 20 }),
  'Samsung Internet': weights({ '27.0': 55, '26.0': 30, '25.0': 15 }),
  Opera: weights({ '116.0.0.0': 60, '115.0.0.0': 40 }),
};

// CSS pixels, as browsers report them: phones are narrow and portrait, Macs report scaled Retina sizes.
const SCREEN_NAMES: Record<string, WeightedTable<string>> = {
  desktop: weights({
    '1920x1080': 40,
    '1536x864': 14,
    '1366x768': 12,
    '2560x1440': 10,
    '1600x900': 6,
    '1440x900': 5,
    '1280x720': 5,
    '1680x1050': 4,
    '3840x2160': 4,
  }),
  'desktop:macOS': weights({
    '1512x982': 22,
    '1470x956': 18,
    '1440x900': 20,
    '1728x1117': 14,
    '2560x1440': 10,
    '1920x1080': 10,
    '1680x1050': 6,
  }),
  'mobile:iOS': weights({
    '390x844': 25,
    '393x852': 25,
    '430x932': 14,
    '414x896': 10,
    '402x874': 10,
    '375x667': 8,
    '428x926': 8,
  }),
  'mobile:Android': weights({
    '412x915': 30,
    '360x800': 22,
    '384x854': 12,
    '412x892': 12,
    '393x873': 12,
    '360x780': 12,
  }),
  'tablet:iOS': weights({ '820x1180': 30, '810x1080': 25, '834x1194': 25, '1024x1366': 20 }),
  'tablet:Android': weights({ '800x1280': 50, '1280x800': 20, '962x601': 15, '1138x712': 15 }),
};

type Screen = readonly [width: number, height: number];

/** The same tables with each size parsed once. */
const SCREENS = new Map(
  Object.entries(SCREEN_NAMES).map(([key, sizes]) => [
    key,
    sizes.map((size): Screen => {
      const [width = 1920, height = 1080] = size.split('x').map(Number);
      return [width, height];
    }),
  ]),
);
const DESKTOP_SCREENS = SCREENS.get('desktop') as WeightedTable<Screen>;

export function pickClient(random: Random): Client {
  const device = random.weighted(DEVICES);
  const osName = random.weighted(OS_BY_DEVICE[device]);
  const osVersion = random.weighted(OS_VERSIONS[osName]);
  const browserName = random.weighted(BROWSERS_BY_OS[osName]);
  // Safari on iOS ships with the OS, so its version is the OS version.
  const browserVersion =
    osName === 'iOS' && browserName === 'Safari' ? osVersion : random.weighted(BROWSER_VERSIONS[browserName]);
  const [width, height] = random.weighted(SCREENS.get(`${device}:${osName}`) ?? DESKTOP_SCREENS);
  const browserDescription = userAgent({ device, osName, osVersion, browserName, browserVersion }, random);
  return { device, osName, osVersion, browserName, browserVersion, browserDescription, width, height };
}
