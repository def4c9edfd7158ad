import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeRefusalsChangeNothing } from '../../test/refusals-change-nothing.ts';
import { describeApi } from '../../test/harness.ts';
import { gzipJson, rrwebEvents, sendChunk, sendPageView } from './test-support/recording-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

interface RecordingJson {
  has_recording: boolean;
  status: string;
  clock_offset_ms: number;
  expiration_timestamp: number;
  chunks: { index: number; url: string; first_event_at: number; last_event_at: number; compressed_bytes: number }[];
}

describeApi('GET /v1/sessions/:id/recording', (ctx) => {
  it('lists the chunks in order and serves each as stored, gzip-encoded', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    const start = Date.now();
    expect((await sendPageView(ctx(), key, ids, start)).statusCode).toBe(202);
    const second = rrwebEvents(start + 5000, 2);
    const first = rrwebEvents(start, 4);
    // Out of order on purpose: the list is by chunk number.
    expect(
      (await sendChunk(ctx(), { key, ids, chunk: 1, body: gzipJson(second), sentAt: start - 1000 })).statusCode,
    ).toBe(201);
    expect(
      (await sendChunk(ctx(), { key, ids, chunk: 0, body: gzipJson(first), sentAt: start - 1000 })).statusCode,
    ).toBe(201);

    const response = await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}/recording`);
    expect(response.statusCode).toBe(200);
    const recording = response.json<RecordingJson>();
    expect(recording).toMatchObject({ has_recording: true, status: 'recorded' });
    expect(recording.clock_offset_ms).toBeGreaterThanOrEqual(1000);
    expect(recording.chunks.map((chunk) => [chunk.index, chunk.first_event_at])).toEqual([
      [0, start],
      [1, start + 5000],
    ]);

    const chunk = await ctx().request(account.token, {
      method: 'GET',
      url: recording.chunks[0]?.url ?? '',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(chunk.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.gunzipSync(chunk.rawPayload).toString('utf8'))).toEqual(first);

    const plain = await ctx().request(account.token, {
      method: 'GET',
      url: recording.chunks[1]?.url ?? '',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(second);

    const list = await sendJson(ctx(), account.token, 'GET', `/v1/sessions?visitor_id=${ids.visitor_id}`);
    expect(list.json<{ sessions: { has_recording: boolean }[] }>().sessions[0]?.has_recording).toBe(true);
    const one = await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}`);
    expect(one.json<{ has_recording: boolean }>().has_recording).toBe(true);
  });

  it('says why there is no replay: not recorded, recording off, expired', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    expect((await sendPageView(ctx(), key, ids)).statusCode).toBe(202);
    const url = `/v1/sessions/${ids.session_id}/recording`;
    expect((await sendJson(ctx(), account.token, 'GET', url)).json()).toMatchObject({
      has_recording: false,
      status: 'not_recorded',
      chunks: [],
    });
    const one = await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}`);
    expect(one.json<{ has_recording: boolean }>().has_recording).toBe(false);

    await sendJson(ctx(), account.token, 'PUT', `/v1/websites/${account.websiteId}/recording`, { enabled: false });
    expect((await sendJson(ctx(), account.token, 'GET', url)).json()).toMatchObject({ status: 'recording_off' });

    await ctx()
      .database.db.updateTable('sessions')
      .set({ expiration_timestamp: 1 })
      .where('id', '=', ids.session_id)
      .execute();
    expect((await sendJson(ctx(), account.token, 'GET', url)).json()).toMatchObject({ status: 'expired' });
  });

  it('hides a recording past its expiration even before the retention job deletes it', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    expect((await sendPageView(ctx(), key, ids)).statusCode).toBe(202);
    expect((await sendChunk(ctx(), { key, ids, chunk: 0, body: gzipJson(rrwebEvents(Date.now())) })).statusCode).toBe(
      201,
    );
    await ctx()
      .database.db.updateTable('recording_chunks')
      .set({ expires_at: Date.now() - 1 })
      .where('session_id', '=', ids.session_id)
      .execute();
    expect(
      (await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}/recording`)).json(),
    ).toMatchObject({
      has_recording: false,
      status: 'expired',
    });
    expectError(await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}/recording/chunks/0`), 404, {
      type: 'not_found_error',
    });
  });

  it("answers another account's session and its chunks as not found", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), theirs.websiteId);
    const ids = newVisitIds();
    expect((await sendPageView(ctx(), key, ids)).statusCode).toBe(202);
    expect((await sendChunk(ctx(), { key, ids, chunk: 0, body: gzipJson(rrwebEvents(Date.now())) })).statusCode).toBe(
      201,
    );
    for (const url of [
      `/v1/sessions/${ids.session_id}/recording`,
      `/v1/sessions/${ids.session_id}/recording/chunks/0`,
    ]) {
      expectError(await sendJson(ctx(), mine.token, 'GET', url), 404, { type: 'not_found_error' });
      expect((await sendJson(ctx(), theirs.token, 'GET', url)).statusCode).toBe(200);
    }
    expectError(await sendJson(ctx(), mine.token, 'GET', '/v1/sessions/nope/recording/chunks/x'), 400, {
      type: 'validation_error',
      param: 'index',
    });
  });

  describeRefusalsChangeNothing(ctx, async () => {
    const account = await ctx().newAccount();
    const ids = newVisitIds();
    await sendPageView(ctx(), await publicKeyOf(ctx(), account.websiteId), ids);
    return { account, ids };
  }, [
    {
      method: 'GET',
      pattern: '/v1/sessions/:id/recording',
      path: (f) => `/v1/sessions/${f.ids.session_id}/recording`,
      scope: 'users.sessions:read',
    },
    {
      method: 'GET',
      pattern: '/v1/sessions/:id/events',
      path: (f) => `/v1/sessions/${f.ids.session_id}/events`,
      scope: 'users.sessions:read',
    },
  ]);
});
