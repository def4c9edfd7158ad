/**
 * The flood bench's tracker: batches of JavaScript errors sent to POST /v1/ingest on a schedule, each
 * retried with the same `batch_id` until the server takes it. A retry of a batch that a killed server
 * had already committed answers `duplicate`, so every batch counts exactly once whatever the crashes.
 */
import type { IngestBatchInput, IngestEventInput } from '../src/api/schemas/ingest.ts';
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';

export const ERRORS_PER_BATCH = 50;
/** Batches per session: sessions are spread so one long session does not carry the whole flood. */
const BATCHES_PER_SESSION = 10;
const RETRY_PAUSE_MS = 100;
const REQUEST_TIMEOUT_MS = 15_000;

export interface SentBatch {
  /** Matching events the server holds for this batch (0 when it refused it). */
  accepted: number;
  /** Attempts that failed (server down, killed mid-request) before it was taken. */
  retries: number;
  duplicate: boolean;
  /** performance.now() when the server took it. */
  takenAt: number;
  refused: string | null;
}

/** Batch `seq` of the run: session start and a page view first in each session, then only errors. */
export function floodBatch(publicKey: string, prefix: string, seq: number): IngestBatchInput {
  const now = Date.now();
  const sessionNumber = Math.floor(seq / BATCHES_PER_SESSION);
  const page = `https://shop.example.com/checkout?step=${seq % 3}`;
  // Every event carries the batch's `sent_at`, so the server stores its arrival time as the event's.
  const events: IngestEventInput[] = [];
  if (seq % BATCHES_PER_SESSION === 0) {
    events.push({ kind: K.sessionStart, time: now, url: page, referrer: '', title: 'Checkout' });
    events.push({ kind: K.pageView, time: now, url: page, title: 'Checkout' });
  }
  for (let i = 0; i < ERRORS_PER_BATCH; i++) {
    events.push({
      kind: K.jsError,
      time: now,
      message: `TypeError: Cannot read properties of undefined (reading 'total') #${seq}.${i}`,
      url: page,
    });
  }
  return {
    key: publicKey,
    batch_id: `${prefix}b${seq}`,
    visitor_id: `${prefix}v${sessionNumber % 7}`,
    session_id: `${prefix}s${sessionNumber}`,
    sent_at: now,
    screen: { width: 1440, height: 900 },
    events,
  };
}

/** Sends one batch until the server takes it (202) or says it already has (200 duplicate). */
export async function sendUntilTaken(ingestUrl: string, batch: IngestBatchInput): Promise<SentBatch> {
  let retries = 0;
  const errors = batch.events.filter((event) => event.kind === K.jsError).length;
  for (;;) {
    try {
      const response = await fetch(ingestUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'flood-bench' },
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status === 202 || response.status === 200) {
        const duplicate = (JSON.parse(text) as { duplicate?: boolean }).duplicate === true;
        return { accepted: errors, retries, duplicate, takenAt: performance.now(), refused: null };
      }
      if (response.status < 500 && response.status !== 429) {
        return {
          accepted: 0,
          retries,
          duplicate: false,
          takenAt: performance.now(),
          refused: `${response.status} ${text}`,
        };
      }
    } catch {
      // Not listening (killed, restarting) or cut mid-request: the same batch again.
    }
    retries += 1;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}
