import type { SessionRecording } from './replay-types.ts';
import { type RecordedFrame, fetchRecordingChunk, takeOpeningChunk } from './opening-chunk.ts';

export type { RecordedFrame } from './opening-chunk.ts';

/**
 * Takes the first chunk alone, which holds the opening snapshot (prefetched when the page's address was
 * known), and calls `onFirst` with it so the player can show a frame at once; then fetches the others
 * together (a long recording has hundreds, which would otherwise queue ahead of the first on the
 * browser's few connections). Resolves with all events in order.
 */
export async function loadRecording(
  recording: SessionRecording,
  onFirst: (events: RecordedFrame[]) => void,
  signal: AbortSignal,
): Promise<RecordedFrame[]> {
  const [first, ...rest] = recording.chunks;
  if (!first) return [];
  const opening = await takeOpeningChunk(first.url, signal);
  signal.throwIfAborted();
  onFirst(opening);
  // The first frame is painted before the rest of a long recording is asked for and parsed.
  await new Promise((resolve) => setTimeout(resolve, 0));
  signal.throwIfAborted();
  const others = await Promise.all(rest.map((chunk) => fetchRecordingChunk(chunk.url, signal)));
  return [opening, ...others].flat().sort((a, b) => a.timestamp - b.timestamp);
}
