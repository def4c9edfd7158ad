import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';

const CASES: [label: string, ua: string, device: string, os: [string, string], browser: [string, string]][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36',
    'desktop',
    ['Windows', '10'],
    ['Chrome', '133.0.0.0'],
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36 Edg/133.0.3065.69',
    'desktop',
    ['Windows', '10'],
    ['Edge', '133.0.3065.69'],
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
    'desktop',
    ['Windows', '10'],
    ['Opera', '116.0.0.0'],
  ],
  [
    'Firefox on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:135.0) Gecko/20100101 Firefox/135.0',
    'desktop',
    ['macOS', '10.15'],
    ['Firefox', '135.0'],
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15',
    'desktop',
    ['macOS', '10.15.7'],
    ['Safari', '18.3'],
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0.2',
    'desktop',
    ['Linux', ''],
    ['Firefox', '134.0.2'],
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
    'mobile',
    ['iOS', '18.3'],
    ['Safari', '18.3'],
  ],
  [
    'Chrome on iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/133.0.0.0 Mobile/15E148 Safari/604.1',
    'tablet',
    ['iOS', '17.6'],
    ['Chrome', '133.0.0.0'],
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36',
    'mobile',
    ['Android', '10'],
    ['Chrome', '133.0.0.0'],
  ],
  [
    'Samsung Internet on an Android tablet',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/133.0.0.0 Safari/537.36',
    'tablet',
    ['Android', '14'],
    ['Samsung Internet', '27.0'],
  ],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 15; Mobile; rv:135.0) Gecko/135.0 Firefox/135.0',
    'mobile',
    ['Android', '15'],
    ['Firefox', '135.0'],
  ],
  [
    'Chrome OS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'desktop',
    ['ChromeOS', '14541.0.0'],
    ['Chrome', '120.0.0.0'],
  ],
  [
    'Internet Explorer 11',
    'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
    'desktop',
    ['Windows', '7'],
    ['Internet Explorer', '11.0'],
  ],
];

describe('parseUserAgent', () => {
  it.each(CASES)('%s', (_label, ua, device, [osName, osVersion], [browserName, browserVersion]) => {
    expect(parseUserAgent(ua)).toEqual({
      device,
      os: { name: osName, version: osVersion },
      browser: { name: browserName, version: browserVersion, description: ua },
    });
  });

  it('answers empty names for a missing or unknown User-Agent', () => {
    expect(parseUserAgent(undefined)).toEqual({
      device: 'desktop',
      os: { name: '', version: '' },
      browser: { name: '', version: '', description: '' },
    });
    expect(parseUserAgent('curl/8.5.0').browser.name).toBe('');
  });

  it('reads Windows 11 from the platform version hint, which the frozen User-Agent cannot say', () => {
    const hints = { platform: 'Windows', platform_version: '15.0.0' };
    expect(parseUserAgent(WINDOWS_CHROME, hints).os).toEqual({ name: 'Windows', version: '11' });
    expect(parseUserAgent(WINDOWS_CHROME, { ...hints, platform_version: '13.0.0' }).os.version).toBe('11');
    expect(parseUserAgent(WINDOWS_CHROME, { ...hints, platform_version: '10.0.0' }).os.version).toBe('10');
    expect(parseUserAgent(WINDOWS_CHROME).os.version).toBe('10');
  });

  it("takes the browser's full version and the real macOS version from hints", () => {
    const parsed = parseUserAgent(MAC_CHROME, {
      platform: 'macOS',
      platform_version: '15.3.1',
      full_version_list: [
        { brand: 'Not(A:Brand', version: '99.0.0.0' },
        { brand: 'Google Chrome', version: '133.0.6943.98' },
        { brand: 'Chromium', version: '133.0.6943.98' },
      ],
    });
    expect(parsed.os).toEqual({ name: 'macOS', version: '15.3.1' });
    expect(parsed.browser).toMatchObject({ name: 'Chrome', version: '133.0.6943.98', description: MAC_CHROME });
  });

  it('tells an Android tablet from a phone by the model hint behind the reduced "K"', () => {
    const reduced =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
    expect(parseUserAgent(reduced, { platform: 'Android', model: 'SM-X710' }).device).toBe('tablet');
    expect(parseUserAgent(reduced, { platform: 'Android', platform_version: '14.0.0' }).os.version).toBe('14.0.0');
  });

  it('ignores hints that describe another platform or browser than the User-Agent', () => {
    const parsed = parseUserAgent(WINDOWS_CHROME, {
      platform: 'macOS',
      platform_version: '15.0.0',
      full_version_list: [{ brand: 'Microsoft Edge', version: '133.0.3065.69' }],
    });
    expect(parsed.os).toEqual({ name: 'Windows', version: '10' });
    expect(parsed.browser.version).toBe('133.0.0.0');
  });

  it('keeps at most 1024 characters of the description', () => {
    expect(parseUserAgent(`Mozilla/5.0 ${'x'.repeat(5000)}`).browser.description).toHaveLength(1024);
  });
});
