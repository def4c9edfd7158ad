import zlib from 'node:zlib';
import type { Db } from '../db/database.ts';
import { databaseRecordingStore } from '../features/recordings/recording-store.ts';
import { DAY_MS, retentionDaysFor } from '../features/retention/retention.service.ts';
import { newId } from '../lib/ids.ts';
import { DEMO_FIXTURE_ORIGIN, type DemoRecordingFixture, loadDemoRecordings } from './demo-recording-fixture.ts';

export interface DemoReplayOptions {
  accountId: string;
  /** The website the recordings were made on; the sessions given them move to it. */
  websiteId: string;
  /** The website's host: the recordings' URLs are moved onto it. */
  host: string;
  /** Sessions given each recording (default 2). */
  sessionsPerRecording?: number;
  fixtures?: DemoRecordingFixture[];
  now?: Date;
}

interface Frame {
  timestamp: number;
}

/** The chunk's frames moved by `shift` milliseconds and onto `origin`, gzip-compressed as the service stores them. */
function rebaseChunk(gzipBase64: string, shift: number, origin: string): { gzip: Buffer; rawBytes: number } {
  const text = zlib.gunzipSync(Buffer.from(gzipBase64, 'base64')).toString('utf8');
  const frames = JSON.parse(text.replaceAll(DEMO_FIXTURE_ORIGIN, origin)) as Frame[];
  for (const frame of frames) frame.timestamp += shift;
  const raw = JSON.stringify(frames);
  return { gzip: zlib.gzipSync(raw), rawBytes: Buffer.byteLength(raw) };
}

/** When the fixture's first frame was recorded (its chunks keep the recording's own clock). */
function recordedStart(fixture: DemoRecordingFixture): number {
  const first = fixture.chunks[0];
  if (!first) throw new Error(`The demo recording ${fixture.name} has no chunk`);
  const frames = JSON.parse(zlib.gunzipSync(Buffer.from(first.gzip_base64, 'base64')).toString('utf8')) as Frame[];
  return Math.min(...frames.map((frame) => frame.timestamp)) - first.first_at_ms;
}

/**
 * Gives the account's most recent desktop sessions the bundled demo recordings, so the first rows a newcomer
 * sees have a replay: each session moves to the recorded website and takes a recording's pages, counters,
 * tracker events and replay chunks, placed at its own start, so the player and the timeline agree. Returns
 * the ids of the sessions that now have a replay.
 */
export async function attachDemoReplays(db: Db, options: DemoReplayOptions): Promise<string[]> {
  const fixtures = options.fixtures ?? loadDemoRecordings();
  if (fixtures.length === 0) return [];
  const now = options.now ?? new Date();
  const longest = Math.max(...fixtures.map((fixture) => fixture.session.duration_ms));
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'creation_timestamp'])
    .where('account_id', '=', options.accountId)
    .where('device', '=', 'desktop')
    .where('creation_timestamp', '<=', Math.floor((now.getTime() - longest) / 1000) - 60)
    .orderBy('creation_timestamp', 'desc')
    .limit(fixtures.length * (options.sessionsPerRecording ?? 2))
    .execute();
  const retentionMs = (await retentionDaysFor(db, options.accountId)) * DAY_MS;
  const origin = `https://${options.host}`;

  await db.transaction().execute(async (trx) => {
    const store = databaseRecordingStore(trx);
    for (const [position, session] of sessions.entries()) {
      const fixture = fixtures[position % fixtures.length];
      if (!fixture) continue;
      const startMs = session.creation_timestamp * 1000;
      const shift = startMs - recordedStart(fixture);
      const { session: recorded } = fixture;
      const duration = Math.ceil(recorded.duration_ms / 1000);
      await trx
        .updateTable('sessions')
        .set({
          website_id: options.websiteId,
          product: 'checkout',
          duration,
          end_timestamp: session.creation_timestamp + duration,
          last_event_timestamp: session.creation_timestamp + duration,
          active_time: Math.min(duration, recorded.active_time),
          start_url: `${origin}${recorded.entry_path}`,
          end_url: `${origin}${recorded.end_path}`,
          page_views: recorded.page_views,
          clicks: recorded.clicks,
          error_clicks: recorded.error_clicks,
          rage_clicks: recorded.rage_clicks,
          error_logs: recorded.error_logs,
          net_errors: recorded.net_errors,
          resolution_width: recorded.resolution_width,
          resolution_height: recorded.resolution_height,
        })
        .where('account_id', '=', options.accountId)
        .where('id', '=', session.id)
        .execute();
      if (fixture.events.length > 0) {
        await trx
          .insertInto('session_events')
          .values(
            fixture.events.map((event) => ({
              account_id: options.accountId,
              id: newId('evt'),
              session_id: session.id,
              kind: event.kind,
              occurred_at: startMs + event.at_ms,
              data: event.data.replaceAll(DEMO_FIXTURE_ORIGIN, origin),
            })),
          )
          .execute();
      }
      for (const chunk of fixture.chunks) {
        const { gzip, rawBytes } = rebaseChunk(chunk.gzip_base64, shift, origin);
        await store.put({
          account_id: options.accountId,
          session_id: session.id,
          chunk_index: chunk.index,
          website_id: options.websiteId,
          data: gzip,
          compressed_bytes: gzip.length,
          raw_bytes: rawBytes,
          first_event_at: startMs + chunk.first_at_ms,
          last_event_at: startMs + chunk.last_at_ms,
          received_at: startMs + chunk.last_at_ms,
          clock_offset_ms: 0,
          expires_at: startMs + retentionMs,
        });
      }
    }
  });
  return sessions.map((session) => session.id);
}
