import { RECORDING_LIMITS } from '../../api/recording-limits.ts';

/** sendBeacon and keepalive fetch share a 64 KiB in-flight budget; bigger chunks go by plain fetch. */
const BEACON_BYTES = 60 * 1024;
const CHUNK_KEY = 'sa_replay_chunk';

export interface ChunkSenderOptions {
  endpoint: string;
  key: string;
  win: Window & typeof globalThis;
  fetch: typeof fetch | undefined;
}

interface Ids {
  visitorId: string;
  sessionId: string;
}

/** The tracker's ids for this tab, read where it keeps them. */
export function currentIds(win: Window): Ids | null {
  const visitorId = win.localStorage.getItem('sa_visitor');
  const sessionId = (win.sessionStorage.getItem('sa_session') ?? '').split(' ')[0];
  return visitorId && sessionId ? { visitorId, sessionId } : null;
}

/** The next chunk number of the session; numbers run on across the session's page loads. */
function nextChunkNumber(win: Window, sessionId: string): number {
  const [storedFor, next] = (win.sessionStorage.getItem(CHUNK_KEY) ?? '').split(' ');
  const number = storedFor === sessionId ? Number(next) || 0 : 0;
  win.sessionStorage.setItem(CHUNK_KEY, `${sessionId} ${number + 1}`);
  return number;
}

async function gzip(text: string): Promise<Uint8Array | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function transmit(options: ChunkSenderOptions, url: string, body: Uint8Array | string): void {
  const blob = new Blob([body as BlobPart], { type: 'text/plain' });
  try {
    if (blob.size <= BEACON_BYTES && options.win.navigator.sendBeacon?.(url, blob)) return;
  } catch {
    // Falls back to fetch.
  }
  void options
    .fetch?.(url, { method: 'POST', body: blob, keepalive: blob.size <= BEACON_BYTES, credentials: 'omit' })
    .catch(() => undefined);
}

/**
 * Sends a list of rrweb events as the session's next numbered chunk: gzip-compressed where the
 * browser has CompressionStream (and `now` is false), else as plain JSON, split in halves while
 * it is over the server's limit. `now` sends synchronously, for a page being left.
 */
export function sendRecordingChunk(options: ChunkSenderOptions, ids: Ids, events: unknown[], now: boolean): void {
  if (events.length === 0) return;
  const text = JSON.stringify(events);
  const url = (number: number, encoding: string) =>
    `${options.endpoint}?key=${encodeURIComponent(options.key)}&visitor_id=${ids.visitorId}&session_id=${ids.sessionId}` +
    `&chunk=${number}&encoding=${encoding}&sent_at=${Date.now()}`;
  const sendPlain = () => {
    if (text.length > RECORDING_LIMITS.chunkBytes) {
      if (events.length < 2) return;
      const half = Math.ceil(events.length / 2);
      sendRecordingChunk(options, ids, events.slice(0, half), true);
      sendRecordingChunk(options, ids, events.slice(half), true);
      return;
    }
    transmit(options, url(nextChunkNumber(options.win, ids.sessionId), 'none'), text);
  };
  if (now || typeof CompressionStream === 'undefined') {
    sendPlain();
    return;
  }
  // The number is taken now, so chunks keep their order even if compression finishes out of order.
  const number = nextChunkNumber(options.win, ids.sessionId);
  gzip(text)
    .then((compressed) => {
      if (compressed && compressed.length <= RECORDING_LIMITS.chunkBytes)
        transmit(options, url(number, 'gzip'), compressed);
    })
    .catch(() => undefined);
}
