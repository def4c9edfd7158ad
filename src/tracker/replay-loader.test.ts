// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadReplay } from './replay-loader.ts';

const SETTINGS = { enabled: true, sample_rate: 100, respect_gpc: true, mask_all_inputs: true };

function fakeFetch(settings: object, calls: string[]): typeof fetch {
  return (async (url: string) => {
    calls.push(url);
    return { ok: true, json: async () => ({ recording: settings }) };
  }) as unknown as typeof fetch;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const recorderScripts = () => [...document.querySelectorAll('script[src$="/r.js"]')] as HTMLScriptElement[];

function setGpc(value: boolean | undefined): void {
  Object.defineProperty(window.navigator, 'globalPrivacyControl', { value, configurable: true });
}

describe('loading the replay recorder', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    sessionStorage.clear();
    sessionStorage.setItem('sa_session', 's_abcdefgh 1');
    setGpc(undefined);
  });

  it('adds r.js with the settings for a sampled session', async () => {
    const calls: string[] = [];
    loadReplay(window, { scriptSrc: 'https://app.example.test/t.js', key: 'pk_1', fetch: fakeFetch(SETTINGS, calls) });
    await settle();
    expect(calls).toEqual(['https://app.example.test/v1/ingest/config?key=pk_1']);
    const [script] = recorderScripts();
    expect(script?.src).toBe('https://app.example.test/r.js');
    expect(JSON.parse(script?.getAttribute('data-config') ?? '{}')).toEqual(SETTINGS);
  });

  it('decides once per session: a session left out stays out on its next pages', async () => {
    const calls: string[] = [];
    loadReplay(window, {
      scriptSrc: 'https://app.example.test/t.js',
      key: 'pk_1',
      fetch: fakeFetch({ ...SETTINGS, sample_rate: 0 }, calls),
    });
    await settle();
    expect(recorderScripts()).toEqual([]);
    loadReplay(window, { scriptSrc: 'https://app.example.test/t.js', key: 'pk_1', fetch: fakeFetch(SETTINGS, calls) });
    await settle();
    expect(recorderScripts()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('does not record a browser sending Global Privacy Control, nor a website switched off', async () => {
    setGpc(true);
    loadReplay(window, { scriptSrc: 'https://app.example.test/t.js', key: 'pk_1', fetch: fakeFetch(SETTINGS, []) });
    await settle();
    expect(recorderScripts()).toEqual([]);
    setGpc(undefined);
    sessionStorage.removeItem('sa_replay');
    loadReplay(window, {
      scriptSrc: 'https://app.example.test/t.js',
      key: 'pk_1',
      fetch: fakeFetch({ ...SETTINGS, enabled: false }, []),
    });
    await settle();
    expect(recorderScripts()).toEqual([]);
  });
});
