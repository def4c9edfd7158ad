import type { SessionRecording } from './replay-types.ts';
import { toApiError } from '../../../lib/api-error.ts';

export interface RecordedFrame {
  type: number;
  timestamp: number;
  data?: unknown;
}

/**
 * Fetches every chunk at once (the browser inflates the gzip the server sends as stored) and calls
 * `onFirst` with the first chunk, which holds the opening snapshot, so the player can show a frame
 * before the rest arrives. Resolves with all events in order.
 */
export async function loadRecording(
  recording: SessionRecording,
  onFirst: (events: RecordedFrame[]) => void,
  signal: AbortSignal,
): Promise<RecordedFrame[]> {
  const requests = recording.chunks.map(async (chunk) => {
    const response = await fetch(chunk.url, { credentials: 'same-origin', signal });
    if (!response.ok) throw toApiError(await response.json().catch(() => null), response);
    return (await response.json()) as RecordedFrame[];
  });
  if (requests[0]) void requests[0].then(onFirst, () => undefined);
  const chunks = await Promise.all(requests);
  return chunks.flat().sort((a, b) => a.timestamp - b.timestamp);
}
