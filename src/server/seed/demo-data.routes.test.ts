import zlib from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { sendJson } from '../test/api-requests.ts';
import { describeApi } from '../test/harness.ts';
import { type DemoCredentials, ensureDemoData } from './demo-data.ts';
import { loadDemoRecordings } from './demo-recording-fixture.ts';

interface RecordingJson {
  has_recording: boolean;
  clock_offset_ms: number;
  chunks: { url: string; first_event_at: number; last_event_at: number }[];
}
interface SessionJson {
  id: string;
  visitor: { id: string };
  creation_timestamp: number;
  duration: number;
  end_timestamp: number;
  active_time: number;
  last_event_timestamp: number;
  start_url: string;
  has_recording: boolean;
  page_views_statistics: { count: number };
  events_statistics: {
    clicks: number;
    error_clicks: number;
    rage_clicks: number;
    error_logs: number;
    net_errors: number;
  };
}
interface EventsJson {
  events: { kind: number; time: number }[];
  total?: number;
}
interface Frame {
  type: number;
  timestamp: number;
  data: { href?: string };
}

const FULL_SNAPSHOT = 2;
/** Fewer sessions than the server's demo: what is checked here depends on their shape, not their number. */
const SESSIONS = 3_000;
const META = 4;

describeApi('the demo account', (ctx) => {
  let demo: DemoCredentials;

  beforeAll(async () => {
    const created = await ensureDemoData(ctx().database.db, ctx().config, { sessions: SESSIONS });
    if (!created) throw new Error('The test database was not empty');
    demo = created;
  }, 120_000);

  it('makes as many sessions as asked', () => {
    expect(demo.sessions).toBe(SESSIONS);
  });

  it('ships a few small recordings', () => {
    const fixtures = loadDemoRecordings();
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    const bytes = fixtures
      .flatMap((fixture) => fixture.chunks)
      .reduce((sum, chunk) => sum + chunk.gzip_base64.length, 0);
    expect(bytes).toBeLessThan(300 * 1024);
  });

  it('has recent sessions with a replay that opens on the shop with a full snapshot', async () => {
    expect(demo.recordedSessionIds.length).toBeGreaterThanOrEqual(3);
    for (const sessionId of demo.recordedSessionIds) {
      const session = (await sendJson(ctx(), demo.adminToken, 'GET', `/v1/sessions/${sessionId}`)).json<SessionJson>();
      expect(session.has_recording).toBe(true);
      expect(session.start_url).toMatch(/^https:\/\/shop\.demo\.com\//);

      const recording = (
        await sendJson(ctx(), demo.adminToken, 'GET', `/v1/sessions/${sessionId}/recording`)
      ).json<RecordingJson>();
      expect(recording.has_recording).toBe(true);
      expect(recording.chunks.length).toBeGreaterThan(0);
      const frames: Frame[] = [];
      for (const chunk of recording.chunks) {
        const response = await ctx().request(demo.adminToken, {
          method: 'GET',
          url: chunk.url,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(response.statusCode).toBe(200);
        frames.push(...(JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8')) as Frame[]));
      }
      expect(frames.some((frame) => frame.type === FULL_SNAPSHOT)).toBe(true);
      expect(frames.find((frame) => frame.type === META)?.data.href).toMatch(/^https:\/\/shop\.demo\.com\//);
      expect(JSON.stringify(frames)).toContain('Demo Shop');

      // The replay lies within the session, and so do its events: the timeline lines up with the player.
      const start = session.creation_timestamp * 1000;
      const end = (session.creation_timestamp + session.duration) * 1000;
      const times = frames.map((frame) => frame.timestamp + recording.clock_offset_ms);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(start);
      expect(Math.max(...times)).toBeLessThanOrEqual(end);
      const events = (
        await sendJson(ctx(), demo.adminToken, 'GET', `/v1/sessions/${sessionId}/events?size=100`)
      ).json<EventsJson>().events;
      expect(events.length).toBeGreaterThan(0);
      expect(events.filter((event) => event.kind === 5)).toHaveLength(session.events_statistics.clicks);
      for (const event of events) expect(event.time).toBeGreaterThanOrEqual(start);
    }
  });

  it('gives its recent sessions the events their counters count, within each session', async () => {
    const recent = (await sendJson(ctx(), demo.adminToken, 'GET', '/v1/sessions?size=40')).json<{
      sessions: SessionJson[];
    }>().sessions;
    const plain = recent.filter((session) => !demo.recordedSessionIds.includes(session.id));
    expect(plain.length).toBeGreaterThan(20);
    for (const session of plain) {
      const events = (
        await sendJson(ctx(), demo.adminToken, 'GET', `/v1/sessions/${session.id}/events?size=500`)
      ).json<EventsJson>().events;
      const count = (kind: number) => events.filter((event) => event.kind === kind).length;
      expect([3, 5, 20, 21, 25, 30].map(count), session.id).toEqual([
        session.page_views_statistics.count,
        session.events_statistics.clicks,
        session.events_statistics.error_clicks,
        session.events_statistics.rage_clicks,
        session.events_statistics.error_logs,
        session.events_statistics.net_errors,
      ]);
      expect([count(1), count(2)]).toEqual([1, 1]);
      const start = session.creation_timestamp * 1000;
      for (const event of events) {
        expect(event.time).toBeGreaterThanOrEqual(start);
        expect(event.time).toBeLessThanOrEqual(start + session.duration * 1000);
      }
      // The summary's times are the timeline's: its last event, and the active time its gaps make.
      const times = events.map((event) => event.time).sort((a, b) => a - b);
      expect(session.last_event_timestamp * 1000).toBe(times.at(-1));
      expect(session.last_event_timestamp).toBe(session.end_timestamp);
      const active = times.slice(1).reduce((sum, time, index) => {
        const gap = time - (times[index] ?? time);
        return gap <= 30_000 ? sum + gap : sum;
      }, 0);
      expect(session.active_time, session.id).toBe(Math.min(session.duration, Math.round(active / 1000)));
    }
  });

  it('marks the recorded sessions in the sessions list', async () => {
    for (const sessionId of demo.recordedSessionIds) {
      const session = (await sendJson(ctx(), demo.adminToken, 'GET', `/v1/sessions/${sessionId}`)).json<SessionJson>();
      const list = await sendJson(
        ctx(),
        demo.adminToken,
        'GET',
        `/v1/sessions?visitor_id=${session.visitor.id}&size=100`,
      );
      const listed = list.json<{ sessions: SessionJson[] }>().sessions;
      expect(listed.find((entry) => entry.id === sessionId)?.has_recording).toBe(true);
    }
    const recent = (await sendJson(ctx(), demo.adminToken, 'GET', '/v1/sessions?size=10')).json<{
      sessions: SessionJson[];
    }>();
    expect(recent.sessions.some((entry) => entry.has_recording)).toBe(true);
  });
});
