import { toApiError } from '../../../lib/api-error.ts';

export interface RecordedFrame {
  type: number;
  timestamp: number;
  data?: unknown;
}

/** A few at most: one per session page being opened, dropped once the player takes it. */
const KEPT = 4;
const started = new Map<string, Promise<RecordedFrame[]>>();

/** Fetches one chunk of a recording: a JSON array of rrweb events. */
export async function fetchRecordingChunk(url: string, signal?: AbortSignal): Promise<RecordedFrame[]> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw toApiError(await response.json().catch(() => null), response);
  return (await response.json()) as RecordedFrame[];
}

/**
 * Starts fetching a recording's opening chunk (its full snapshot) before the player asks for it: as soon
 * as the session page's address is known, in parallel with the page's and the player's code.
 */
export function prefetchOpeningChunk(url: string): void {
  if (started.has(url)) return;
  if (started.size >= KEPT) started.delete(started.keys().next().value as string);
  const request = fetchRecordingChunk(url);
  // A failure is the player's to report, when it takes the chunk; until then it is not unhandled.
  request.catch(() => undefined);
  started.set(url, request);
}

/** The opening chunk: the prefetched request if one was started, else a fresh one. */
export function takeOpeningChunk(url: string, signal: AbortSignal): Promise<RecordedFrame[]> {
  const request = started.get(url);
  started.delete(url);
  return request ?? fetchRecordingChunk(url, signal);
}
