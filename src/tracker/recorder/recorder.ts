import { startRecording } from './start-recording.ts';
import type { RecorderSettings } from './privacy.ts';

// The entry point of r.js, which the tracker adds to the page only for sessions it records.
try {
  const script = document.currentScript;
  const key = script?.getAttribute('data-key');
  const config = script?.getAttribute('data-config');
  if (script instanceof HTMLScriptElement && key && config) {
    startRecording(
      window,
      {
        endpoint: new URL('/v1/ingest/recording', script.src).href,
        key,
        win: window,
        fetch: typeof window.fetch === 'function' ? window.fetch.bind(window) : undefined,
      },
      JSON.parse(config) as RecorderSettings,
    );
  }
} catch {
  // Whatever went wrong, the page carries on without a replay.
}
