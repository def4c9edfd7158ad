import { describe, expect, it, vi } from 'vitest';
import { requestClientHints } from './client-hints.ts';
import { sendEvents } from './transport.ts';

function chromiumNavigator(sendBeacon: (url: string, blob: Blob) => boolean) {
  const getHighEntropyValues = vi.fn(async () => ({
    platform: 'Windows',
    platformVersion: '15.0.0',
    model: '',
    mobile: false,
    fullVersionList: [
      { brand: 'Not(A:Brand', version: '99.0.0.0' },
      { brand: 'Google Chrome', version: '133.0.6943.98' },
    ],
  }));
  return {
    navigator: { userAgentData: { platform: 'Windows', getHighEntropyValues }, sendBeacon },
    getHighEntropyValues,
  };
}

describe('requestClientHints', () => {
  it('asks for the platform version, model and full version list, and sends them with every batch once answered', async () => {
    const sendBeacon = vi.fn((_url: string, _blob: Blob) => true);
    const { navigator, getHighEntropyValues } = chromiumNavigator(sendBeacon);
    const hints = requestClientHints(navigator as unknown as Navigator);
    expect(getHighEntropyValues).toHaveBeenCalledWith(['platformVersion', 'model', 'fullVersionList']);
    await Promise.resolve();
    await Promise.resolve();
    expect(hints()).toEqual({
      platform: 'Windows',
      platform_version: '15.0.0',
      model: '',
      mobile: false,
      full_version_list: [
        { brand: 'Not(A:Brand', version: '99.0.0.0' },
        { brand: 'Google Chrome', version: '133.0.6943.98' },
      ],
    });

    const options = {
      endpoint: 'https://app.example.test/v1/ingest',
      key: 'pk_test',
      navigator: navigator as unknown as Navigator,
      fetch: undefined,
      screen: { width: 1920, height: 1080 },
      clientHints: hints,
    };
    sendEvents(
      options,
      { visitorId: 'v_12345678', sessionId: 's_12345678' },
      [{ kind: 3, time: 1, url: 'https://a.example/' }],
      2,
    );
    const blob = sendBeacon.mock.calls[0]?.[1];
    expect(JSON.parse(await (blob as Blob).text())).toMatchObject({ client_hints: { platform_version: '15.0.0' } });
  });

  it('answers nothing where the browser has no userAgentData, or refuses', async () => {
    expect(requestClientHints({} as Navigator)()).toBeUndefined();
    const refusing = { userAgentData: { getHighEntropyValues: () => Promise.reject(new Error('no')) } };
    const hints = requestClientHints(refusing as unknown as Navigator);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hints()).toBeUndefined();
  });
});
