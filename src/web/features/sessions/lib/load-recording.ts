import type { SessionRecording } from './replay-types.ts';
import { toApiError } from '../../../lib/api-error.ts';

export interface RecordedFrame {
  type: number;
  timestamp: number;
  data?: unknown;
}

/**
 * Fetches the first chunk alone, which holds the opening snapshot, and calls `onFirst` with it so the
 * player can show a frame at once; then fetches the others together (a long recording has hundreds, which
 * would otherwise queue ahead of the first on the browser's few connections). Resolves with all events in
 * order.
 */
export async function loadRecording(
  recording: SessionRecording,
  onFirst: (events: RecordedFrame[]) => void,
  signal: AbortSignal,
): Promise<RecordedFrame[]> {
  const fetchChunk = async (url: string) => {
    const response = await fetch(url, { credentials: 'same-origin', signal });
    if (!response.ok) throw toApiError(await response.json().catch(() => null), response);
    return (await response.json()) as RecordedFrame[];
  };
  const [first, ...rest] = recording.chunks;
  if (!first) return [];
  const opening = await fetchChunk(first.url);
  onFirst(opening);
  const others = await Promise.all(rest.map((chunk) => fetchChunk(chunk.url)));
  return [opening, ...others].flat().sort((a, b) => a.timestamp - b.timestamp);
}
