import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../../../api/schemas/common.ts';
import { ChunkParams, SessionRecording } from '../../../api/schemas/recordings.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { databaseRecordingStore } from './recording-store.ts';
import { getSessionRecording, readRecordingChunk } from './session-recording.service.ts';

/** A chunk never changes once stored, so the browser may keep it for as long as it is kept here. */
const CHUNK_CACHE_CONTROL = 'private, max-age=86400, immutable';

export const sessionRecordingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const store = databaseRecordingStore(db);

  app.get('/v1/sessions/:id/recording', {
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSessionRecording',
        summary: "A session's recording: the chunks to fetch, or why there is none",
        description:
          'Fetch the chunks in order (all at once if you like) and concatenate their events: the first holds a full ' +
          'snapshot, so playing can start as soon as it arrives.',
        scope: 'users.sessions:read',
        success: { 200: SessionRecording },
      }),
      params: IdParams,
    },
    handler: (request) =>
      getSessionRecording(db, store, requirePrincipal(request).accountId, request.params.id, Date.now()),
  });

  app.get('/v1/sessions/:id/recording/chunks/:index', {
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSessionRecordingChunk',
        summary: 'One chunk of a recording: a JSON array of rrweb events',
        description:
          'Sent as stored, with `content-encoding: gzip`, to clients that accept gzip (every browser); inflated for others.',
        scope: 'users.sessions:read',
        success: { 200: Type.Array(Type.Record(Type.String(), Type.Unknown())) },
      }),
      params: ChunkParams,
    },
    handler: async (request, reply) => {
      const acceptsGzip = /\bgzip\b/i.test(request.headers['accept-encoding'] ?? '');
      const chunk = await readRecordingChunk(
        db,
        store,
        requirePrincipal(request).accountId,
        request.params.id,
        request.params.index,
        {
          now: Date.now(),
          acceptsGzip,
        },
      );
      void reply
        .header('content-type', 'application/json')
        .header('cache-control', CHUNK_CACHE_CONTROL)
        .header('vary', 'Accept-Encoding');
      if (chunk.gzip) void reply.header('content-encoding', 'gzip');
      return reply.send(chunk.body);
    },
  });
};
