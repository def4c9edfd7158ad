import { RECORDING_LIMITS } from '../../../api/recording-limits.ts';
import type { RecordingChunkQueryInput } from '../../../api/schemas/recordings.ts';
import type { Db } from '../../db/database.ts';
import { AppError, errors } from '../../errors.ts';
import { DAY_MS, retentionDaysFor } from '../retention/retention.service.ts';
import { sessionBrief } from '../sessions/sessions.service.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { decodeChunk } from './chunk-codec.ts';
import { recordingSettingsFor } from './recording-settings.service.ts';
import type { RecordingStore } from './recording-store.ts';

export interface ChunkOutcome {
  stored_bytes: number;
  duplicate?: true;
}

/**
 * Stores one numbered chunk of a session's recording. A chunk number already stored changes nothing;
 * a website that does not record, a malformed chunk, or a session over its size budget stores nothing.
 */
export async function ingestChunk(
  db: Db,
  store: RecordingStore,
  website: WebsitesTable,
  query: RecordingChunkQueryInput,
  body: Buffer,
  receivedAt: number,
): Promise<ChunkOutcome> {
  const accountId = website.account_id;
  const settings = await recordingSettingsFor(db, accountId, website.id);
  if (!settings.enabled) throw errors.forbidden('recording_disabled', 'This website does not record sessions');
  if (await store.has(accountId, query.session_id, query.chunk)) return { stored_bytes: 0, duplicate: true };
  const chunk = await decodeChunk(body, query.encoding);
  const session = await sessionBrief(db, accountId, query.session_id);
  // The session's first event batch may still be on its way; a chunk may arrive first.
  if (session && (session.website_id !== website.id || session.visitor_id !== query.visitor_id)) {
    throw errors.conflict('session_conflict', 'session_id names a session of another website or visitor');
  }
  const used = await store.sessionBytes(accountId, query.session_id);
  if (used + chunk.gzip.length > RECORDING_LIMITS.sessionBytes) {
    throw new AppError(
      413,
      'validation_error',
      'recording_too_large',
      `A session's recording may take at most ${RECORDING_LIMITS.sessionBytes} bytes`,
    );
  }
  const retentionMs = (await retentionDaysFor(db, accountId)) * DAY_MS;
  const start = session ? session.creation_timestamp * 1000 : receivedAt;
  const fresh = await store.put({
    account_id: accountId,
    session_id: query.session_id,
    chunk_index: query.chunk,
    website_id: website.id,
    data: chunk.gzip,
    compressed_bytes: chunk.gzip.length,
    raw_bytes: chunk.rawBytes,
    first_event_at: chunk.firstEventAt,
    last_event_at: chunk.lastEventAt,
    received_at: receivedAt,
    clock_offset_ms: receivedAt - query.sent_at,
    expires_at: start + retentionMs,
  });
  return fresh ? { stored_bytes: chunk.gzip.length } : { stored_bytes: 0, duplicate: true };
}
