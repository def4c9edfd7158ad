import type { ClientHintsInput } from '../api/schemas/ingest.ts';

interface UserAgentData {
  platform?: string;
  mobile?: boolean;
  getHighEntropyValues?(hints: string[]): Promise<{
    platform?: string;
    platformVersion?: string;
    model?: string;
    mobile?: boolean;
    fullVersionList?: { brand: string; version: string }[];
  }>;
}

/**
 * Asks Chromium browsers for what their frozen User-Agent no longer says (Windows 11, the full browser
 * version, the device model); answers a getter that is empty until, and unless, the answer comes.
 */
export function requestClientHints(navigator: Navigator): () => ClientHintsInput | undefined {
  let hints: ClientHintsInput | undefined;
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  try {
    void data
      ?.getHighEntropyValues?.(['platformVersion', 'model', 'fullVersionList'])
      .then((values) => {
        hints = {
          platform: String(values.platform ?? data.platform ?? '').slice(0, 32),
          platform_version: String(values.platformVersion ?? '')
            .replace(/[^0-9.]/g, '')
            .slice(0, 32),
          model: String(values.model ?? '').slice(0, 64),
          mobile: Boolean(values.mobile ?? data.mobile),
          full_version_list: (values.fullVersionList ?? []).slice(0, 10).map((entry) => ({
            brand: String(entry.brand).slice(0, 64),
            version: String(entry.version)
              .replace(/[^0-9.]/g, '')
              .slice(0, 32),
          })),
        };
      })
      .catch(() => undefined);
  } catch {
    // No hints: the User-Agent alone is read.
  }
  return () => hints;
}
