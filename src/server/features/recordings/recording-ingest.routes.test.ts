import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { RECORDING_LIMITS } from '../../../api/recording-limits.ts';
import type { Db } from '../../db/database.ts';
import { expectError } from '../../test/api-responses.ts';
import { describeApi } from '../../test/harness.ts';
import { gzipJson, rrwebEvents, sendChunk, sendPageView } from './test-support/recording-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

async function storedChunks(db: Db, sessionId: string) {
  return db
    .selectFrom('recording_chunks')
    .select(['chunk_index', 'compressed_bytes'])
    .where('session_id', '=', sessionId)
    .execute();
}

describeApi('POST /v1/ingest/recording', (ctx) => {
  it('stores a gzip chunk once: a repeat of its number answers duplicate and changes nothing', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    const body = gzipJson(rrwebEvents(Date.now()));
    const first = await sendChunk(ctx(), { key, ids, chunk: 0, body });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ stored_bytes: body.length });
    const again = await sendChunk(ctx(), { key, ids, chunk: 0, body: gzipJson(rrwebEvents(Date.now(), 9)) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stored_bytes: 0, duplicate: true });
    expect(await storedChunks(ctx().database.db, ids.session_id)).toEqual([
      { chunk_index: 0, compressed_bytes: body.length },
    ]);
  });

  it('accepts deflate and uncompressed chunks and stores them gzip-compressed', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    const events = rrwebEvents(Date.now());
    expect(
      (
        await sendChunk(ctx(), {
          key,
          ids,
          chunk: 0,
          body: zlib.deflateSync(JSON.stringify(events)),
          encoding: 'deflate',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await sendChunk(ctx(), { key, ids, chunk: 1, body: JSON.stringify(events), encoding: 'none' })).statusCode,
    ).toBe(201);
    const rows = await ctx()
      .database.db.selectFrom('recording_chunks')
      .select('data')
      .where('session_id', '=', ids.session_id)
      .execute();
    for (const row of rows) expect(JSON.parse(zlib.gunzipSync(row.data).toString('utf8'))).toEqual(events);
  });

  it.each([
    { name: 'bytes that are not gzip', body: () => Buffer.from('not gzip at all') },
    { name: 'gzip of text that is not JSON', body: () => zlib.gzipSync('{{{') },
    { name: 'a JSON object rather than an array', body: () => gzipJson({ type: 2, timestamp: 1 }) },
    { name: 'an empty array', body: () => gzipJson([]) },
    { name: 'an array of things that are not rrweb events', body: () => gzipJson([{ type: 'x', timestamp: 1 }]) },
    { name: 'events without a timestamp', body: () => gzipJson([{ type: 2 }]) },
  ])('refuses $name with a 400 and stores nothing', async ({ body }) => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    expectError(await sendChunk(ctx(), { key, ids, chunk: 0, body: body() }), 400, {
      type: 'validation_error',
      code: 'invalid_chunk',
    });
    expect(await storedChunks(ctx().database.db, ids.session_id)).toEqual([]);
  });

  it('refuses a chunk that inflates past the limit (a zip bomb) with a 413, before parsing it', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    const bomb = zlib.gzipSync(Buffer.alloc(RECORDING_LIMITS.chunkInflatedBytes + 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(RECORDING_LIMITS.chunkBytes);
    expectError(await sendChunk(ctx(), { key, ids, chunk: 0, body: bomb }), 413, {
      type: 'validation_error',
      code: 'body_too_large',
    });
    expect(await storedChunks(ctx().database.db, ids.session_id)).toEqual([]);
  });

  it('refuses a body over the chunk limit with a 413', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const body = Buffer.alloc(RECORDING_LIMITS.chunkBytes + 1, 0x61);
    const response = await sendChunk(ctx(), { key, ids: newVisitIds(), chunk: 0, body, encoding: 'none' });
    expectError(response, 413, { type: 'validation_error', code: 'body_too_large' });
  });

  it("refuses a chunk past the session's budget with a 413", async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    // Pretend the session already stores almost its budget.
    await ctx()
      .database.db.insertInto('recording_chunks')
      .values({
        account_id: account.accountId,
        session_id: ids.session_id,
        chunk_index: 0,
        website_id: account.websiteId,
        data: gzipJson(rrwebEvents(1)),
        compressed_bytes: RECORDING_LIMITS.sessionBytes - 10,
        raw_bytes: 1,
        first_event_at: 1,
        last_event_at: 2,
        received_at: Date.now(),
        clock_offset_ms: 0,
        expires_at: Date.now() + 86_400_000,
      })
      .execute();
    const response = await sendChunk(ctx(), { key, ids, chunk: 1, body: gzipJson(rrwebEvents(Date.now())) });
    expectError(response, 413, { type: 'validation_error', code: 'recording_too_large' });
  });

  it('answers 401 for an unknown key, 403 for a page of another host, 403 when the website does not record', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const body = gzipJson(rrwebEvents(Date.now()));
    expectError(await sendChunk(ctx(), { key: 'pk_unknown', ids: newVisitIds(), chunk: 0, body }), 401, {
      type: 'authentication_error',
    });
    const foreign = await sendChunk(ctx(), {
      key,
      ids: newVisitIds(),
      chunk: 0,
      body,
      headers: { origin: 'https://evil.example.net' },
    });
    expectError(foreign, 403, { type: 'authorization_error', code: 'origin_not_allowed' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await sendChunk(ctx(), {
      key,
      ids: newVisitIds(),
      chunk: 0,
      body,
      headers: { origin: 'https://www.shop.example.com' },
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://www.shop.example.com');

    await ctx().request(account.token, {
      method: 'PUT',
      url: `/v1/websites/${account.websiteId}/recording`,
      payload: { enabled: false },
    });
    const ids = newVisitIds();
    expectError(await sendChunk(ctx(), { key, ids, chunk: 0, body }), 403, {
      type: 'authorization_error',
      code: 'recording_disabled',
    });
    expect(await storedChunks(ctx().database.db, ids.session_id)).toEqual([]);
  });

  it('refuses a chunk for a session of another visitor with a 409', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const ids = newVisitIds();
    expect((await sendPageView(ctx(), key, ids)).statusCode).toBe(202);
    const response = await sendChunk(ctx(), {
      key,
      ids: { ...ids, visitor_id: 'v_someone_else' },
      chunk: 0,
      body: gzipJson(rrwebEvents(Date.now())),
    });
    expectError(response, 409, { type: 'conflict_error', code: 'session_conflict' });
  });

  it('refuses JSON bodies and bad query parameters with a 4xx', async () => {
    const account = await ctx().newAccount();
    const key = await publicKeyOf(ctx(), account.websiteId);
    const json = await sendChunk(ctx(), {
      key,
      ids: newVisitIds(),
      chunk: 0,
      body: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
    const negative = await sendChunk(ctx(), { key, ids: newVisitIds(), chunk: -1, body: gzipJson(rrwebEvents(1)) });
    expectError(negative, 400, { type: 'validation_error', param: 'chunk' });
  });
});

describeApi(
  'POST /v1/ingest/recording rate limit',
  (ctx) => {
    it('allows each website RECORDING_CHUNKS_PER_MINUTE chunks a minute, then answers 429', async () => {
      const account = await ctx().newAccount();
      const key = await publicKeyOf(ctx(), account.websiteId);
      const ids = newVisitIds();
      const body = gzipJson(rrwebEvents(Date.now()));
      expect((await sendChunk(ctx(), { key, ids, chunk: 0, body })).statusCode).toBe(201);
      expect((await sendChunk(ctx(), { key, ids, chunk: 1, body })).statusCode).toBe(201);
      expectError(await sendChunk(ctx(), { key, ids, chunk: 2, body }), 429, { type: 'rate_limit_error' });
    });
  },
  { RECORDING_CHUNKS_PER_MINUTE: '2' },
);
