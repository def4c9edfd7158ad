import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { RECORDING_LIMITS } from '../../../api/recording-limits.ts';
import { errorResponses } from '../../../api/schemas/common.ts';
import {
  RecordingChunkAccepted,
  RecordingChunkQuery,
  TrackerConfig,
  TrackerConfigQuery,
} from '../../../api/schemas/recordings.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { sendTrackerScript, trackerScriptLoader } from '../ingest/tracker-script.ts';
import { resolveTrackerWebsite } from '../ingest/tracker-website.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { ingestChunk } from './recording-ingest.service.ts';
import { recordingSettingsFor } from './recording-settings.service.ts';
import { databaseRecordingStore } from './recording-store.ts';

export interface RecordingIngestOptions {
  db: Db;
  allowLocalhost: boolean;
  chunksPerMinute: number;
  /** The built recorder, served at /r.js. */
  recorderFile: string;
}

/** Like /t.js: the URL carries no version, so a day is as long as a cache may keep an old one. */
const RECORDER_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** Browsers may keep the settings this long; a change reaches pages within it. */
const CONFIG_CACHE_CONTROL = 'public, max-age=300';

/**
 * The recorder's side of the service, in a context of its own: chunk bodies are read as bytes
 * (`text/plain`, which a beacon sends without a CORS preflight, or `application/octet-stream`).
 */
export const recordingIngestRoutes: FastifyPluginAsyncTypebox<RecordingIngestOptions> = async (app, options) => {
  const { db } = options;
  const store = databaseRecordingStore(db);
  const websites = new WeakMap<FastifyRequest, WebsitesTable>();

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['text/plain', 'application/octet-stream'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw errors.bodyTooLarge(RECORDING_LIMITS.chunkBytes);
    throw error;
  });

  const loadRecorder = trackerScriptLoader(options.recorderFile);
  app.get('/r.js', { schema: { hide: true } }, async (request, reply) => {
    const script = loadRecorder();
    if (!script) throw errors.notFound('The recorder script (run npm run build:tracker)');
    return sendTrackerScript(request, reply, script, RECORDER_CACHE_CONTROL);
  });

  app.get('/v1/ingest/config', {
    schema: {
      tags: ['Ingest'],
      operationId: 'getTrackerConfig',
      summary: "The recording settings the tracker applies for a website's pages",
      description: "Called by the tracker with the website's public key; same origin rules as `POST /v1/ingest`.",
      security: [],
      querystring: TrackerConfigQuery,
      response: { ...errorResponses, 200: TrackerConfig },
    },
    handler: async (request, reply) => {
      const website = await resolveTrackerWebsite(db, request.query.key, request, reply, options.allowLocalhost);
      void reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return { recording: await recordingSettingsFor(db, website.account_id, website.id) };
    },
  });

  app.post('/v1/ingest/recording', {
    bodyLimit: RECORDING_LIMITS.chunkBytes,
    config: {
      rateLimit: {
        hook: 'preHandler',
        max: options.chunksPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request) => `recording:${websites.get(request)?.id ?? ''}`,
        allowList: () => false,
      },
    },
    schema: {
      tags: ['Ingest'],
      operationId: 'ingestRecordingChunk',
      summary: 'Store one chunk of a session recording',
      description:
        "Called by the recorder (`/r.js`); no bearer token: `key` is the website's public key, with the origin rules of " +
        '`POST /v1/ingest`. The body is a JSON array of rrweb events, gzip- or deflate-compressed (`encoding`), or plain ' +
        `JSON where the browser cannot compress. At most ${RECORDING_LIMITS.chunkBytes} bytes as sent, ` +
        `${RECORDING_LIMITS.chunkInflatedBytes} inflated, and ${RECORDING_LIMITS.sessionBytes} stored per session (413 beyond). ` +
        'A chunk number already received answers 200 with `duplicate: true` and changes nothing.',
      security: [],
      querystring: RecordingChunkQuery,
      response: { ...errorResponses, 200: RecordingChunkAccepted, 201: RecordingChunkAccepted },
    },
    preHandler: async (request, reply) => {
      websites.set(request, await resolveTrackerWebsite(db, request.query.key, request, reply, options.allowLocalhost));
    },
    handler: async (request, reply) => {
      const website = websites.get(request);
      if (!website) throw errors.internal();
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw errors.validation(
          'invalid_chunk',
          'The body must be the chunk, sent as text/plain or application/octet-stream',
        );
      }
      const outcome = await ingestChunk(db, store, website, request.query, body, Date.now());
      return reply.code(outcome.duplicate ? 200 : 201).send(outcome);
    },
  });
};
