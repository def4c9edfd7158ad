import { record } from '@rrweb/record';
import { type ChunkSenderOptions, currentIds, sendRecordingChunk } from './chunk-sender.ts';
import { type RecorderSettings, privacyOptions } from './privacy.ts';
import { scrubEventUrls } from './url-scrubber.ts';

/** How pages are serialised: the website's privacy settings, stylesheets inlined, scripts and the like left out. */
export function snapshotOptions(doc: Document, settings: RecorderSettings) {
  return {
    ...privacyOptions(doc, settings),
    inlineStylesheet: true,
    recordCanvas: false,
    slimDOMOptions: {
      script: true,
      comment: true,
      headFavicon: true,
      headWhitespace: true,
      headMetaSocial: true,
      headMetaRobots: true,
    },
  };
}

/** A chunk is sent every 10 s and at 300 events (compressed), and when the page is hidden or left (at once). */
const FLUSH_MS = 10_000;
const FLUSH_AT_EVENTS = 300;

/**
 * Records the page with rrweb under the website's privacy settings and sends it in numbered chunks.
 * Each page load begins with a full snapshot; a session that changes under it (30 idle minutes) gets a
 * new one.
 */
export function startRecording(
  win: Window & typeof globalThis,
  sender: ChunkSenderOptions,
  settings: RecorderSettings,
): void {
  let buffer: unknown[] = [];
  let bufferIds = currentIds(win);

  // URLs are scrubbed when a chunk is sent, not as rrweb emits: the first snapshot's task stays shorter.
  const flush = (now: boolean) => {
    const events = buffer;
    buffer = [];
    for (const event of events)
      scrubEventUrls(event as Parameters<typeof scrubEventUrls>[0], settings.strip_query_params);
    if (bufferIds) sendRecordingChunk(sender, bufferIds, events, now);
  };

  const stop = record({
    emit(event, isCheckout) {
      try {
        const ids = currentIds(win);
        if (!ids) return;
        if (bufferIds && ids.sessionId !== bufferIds.sessionId && !isCheckout) {
          // A new session must open with a snapshot of its own.
          flush(false);
          bufferIds = ids;
          record.takeFullSnapshot(true);
          return;
        }
        bufferIds = ids;
        buffer.push(event);
        if (buffer.length >= FLUSH_AT_EVENTS) flush(false);
      } catch {
        // Recording is best effort.
      }
    },
    ...snapshotOptions(win.document, settings),
    // Fewer mouse positions and scroll events: replay interpolates between them.
    sampling: { mousemove: 50, scroll: 150, input: 'last' },
  });
  if (!stop) return;
  const timer = win.setInterval(() => flush(false), FLUSH_MS);
  // A hidden page may never run again (mobile browsers discard it): what is buffered goes out at once, uncompressed.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush(true);
  });
  win.addEventListener('pagehide', () => {
    win.clearInterval(timer);
    flush(true);
  });
}
