import type { ClientHintsInput, IngestBatchInput, IngestEventInput } from '../api/schemas/ingest.ts';
import { LIMITS } from './contract.ts';
import { randomId } from './session-ids.ts';

/** Batches are split below the server's 64 KiB limit. */
const MAX_BODY_BYTES = LIMITS.bodyBytes - 4 * 1024;

export interface TransportOptions {
  endpoint: string;
  key: string;
  navigator: Navigator;
  /** The page's fetch as it was before the tracker wrapped it, so sends are not recorded as requests. */
  fetch: typeof fetch | undefined;
  screen: { width: number; height: number };
  /** The browser's Client Hints, once it has answered. */
  clientHints?: () => ClientHintsInput | undefined;
}

/**
 * Sends a body as text/plain (a CORS-safelisted type: no preflight) with sendBeacon, which survives
 * the page closing, or else with a keepalive fetch. Failures are dropped: the page never notices.
 */
function transmit(options: TransportOptions, blob: Blob, body: string): void {
  try {
    if (options.navigator.sendBeacon?.(options.endpoint, blob)) return;
  } catch {
    // A throwing or missing beacon falls back to fetch.
  }
  try {
    void options
      .fetch?.(options.endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit' })
      .catch(() => undefined);
  } catch {
    // Nothing left to try.
  }
}

/** Sends one session's events as a batch (or several, to stay under the body limit), each with a fresh batch_id. */
export function sendEvents(
  options: TransportOptions,
  ids: { visitorId: string; sessionId: string },
  events: IngestEventInput[],
  now: number,
): void {
  for (let start = 0; start < events.length; start += LIMITS.eventsPerBatch) {
    sendChunk(options, ids, events.slice(start, start + LIMITS.eventsPerBatch), now);
  }
}

function sendChunk(
  options: TransportOptions,
  ids: { visitorId: string; sessionId: string },
  events: IngestEventInput[],
  now: number,
): void {
  const batch: IngestBatchInput = {
    key: options.key,
    batch_id: randomId('b'),
    visitor_id: ids.visitorId,
    session_id: ids.sessionId,
    sent_at: now,
    screen: options.screen,
    events,
  };
  const hints = options.clientHints?.();
  if (hints) batch.client_hints = hints;
  const body = JSON.stringify(batch);
  const blob = new Blob([body], { type: 'text/plain' });
  if (blob.size > MAX_BODY_BYTES && events.length > 1) {
    const half = Math.ceil(events.length / 2);
    sendChunk(options, ids, events.slice(0, half), now);
    sendChunk(options, ids, events.slice(half), now);
    return;
  }
  if (blob.size <= LIMITS.bodyBytes) transmit(options, blob, body);
}
