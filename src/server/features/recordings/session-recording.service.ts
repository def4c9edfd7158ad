import zlib from 'node:zlib';
import type { SessionRecordingResource } from '../../../api/schemas/recordings.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { sessionBrief } from '../sessions/sessions.service.ts';
import { recordingSettingsFor } from './recording-settings.service.ts';
import type { RecordingStore } from './recording-store.ts';

/** The session's recording as a list of chunks to fetch, or why there is none. */
export async function getSessionRecording(
  db: Db,
  store: RecordingStore,
  accountId: string,
  sessionId: string,
  now: number,
): Promise<SessionRecordingResource> {
  const session = await sessionBrief(db, accountId, sessionId);
  if (!session) throw errors.notFound('Session');
  const stored = await store.list(accountId, sessionId);
  const live = stored.filter((chunk) => chunk.expires_at > now);
  const base = { session_id: sessionId, expiration_timestamp: session.expiration_timestamp };
  if (live.length > 0) {
    return {
      ...base,
      has_recording: true,
      status: 'recorded',
      clock_offset_ms: live[0]?.clock_offset_ms ?? 0,
      chunks: live.map((chunk) => ({
        index: chunk.chunk_index,
        first_event_at: chunk.first_event_at,
        last_event_at: chunk.last_event_at,
        compressed_bytes: chunk.compressed_bytes,
        url: `/v1/sessions/${encodeURIComponent(sessionId)}/recording/chunks/${chunk.chunk_index}`,
      })),
    };
  }
  const expired = stored.length > 0 || session.expiration_timestamp * 1000 <= now;
  const settings = await recordingSettingsFor(db, accountId, session.website_id);
  return {
    ...base,
    has_recording: false,
    status: expired ? 'expired' : settings.enabled ? 'not_recorded' : 'recording_off',
    clock_offset_ms: 0,
    chunks: [],
  };
}

/** One stored chunk: its gzip bytes as stored, or inflated for a client that does not accept gzip. */
export async function readRecordingChunk(
  db: Db,
  store: RecordingStore,
  accountId: string,
  sessionId: string,
  index: number,
  options: { now: number; acceptsGzip: boolean },
): Promise<{ body: Buffer; gzip: boolean }> {
  const chunk = await store.get(accountId, sessionId, index);
  if (!chunk || chunk.expires_at <= options.now) throw errors.notFound('Recording chunk');
  return options.acceptsGzip ? { body: chunk.data, gzip: true } : { body: zlib.gunzipSync(chunk.data), gzip: false };
}
