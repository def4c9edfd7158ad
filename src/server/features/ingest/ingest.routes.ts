import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../../api/schemas/common.ts';
import { INGEST_LIMITS } from '../../../api/event-catalogue.ts';
import { IngestAccepted, IngestBatchBody, type IngestBatchInput } from '../../../api/schemas/ingest.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { depthLimited } from '../../http/json-depth.ts';
import { NoQuery } from '../../http/route-schema.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { type Geolocation, geolocationFromHeaders } from './geolocation.ts';
import { anyWebsiteWithHost, findWebsiteByPublicKey } from '../websites/websites.service.ts';
import { ingestBatch } from './ingest.service.ts';
import { type LocateIp } from './ip-location.ts';
import { candidateWebsiteHosts, isLocalOrigin, isOriginAllowed } from './origin-policy.ts';
import { sendTrackerScript, trackerScriptLoader } from './tracker-script.ts';

export interface IngestRoutesOptions {
  db: Db;
  publicUrl: string;
  /** Accept pages on localhost, 127.0.0.1 and [::1] for every website (development). */
  allowLocalhost: boolean;
  /** A proxy in front sets the visitor-location headers (and X-Forwarded-For). */
  trustProxy: boolean;
  /** The IP-to-location lookup, used when no trusted proxy header says where the visitor is. */
  locateIp: LocateIp;
  /** Batches per website per minute. */
  batchesPerMinute: number;
  /** The built tracker, served at /t.js. */
  trackerFile: string;
}

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
/** The tracker's URL carries no version, so a day is as long as a cache may keep an old one. */
const TRACKER_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

function allowOrigin(reply: FastifyReply, origin: string): void {
  void reply.header('access-control-allow-origin', origin);
}

/**
 * The tracker's side of the service, in a context of its own: the only place text/plain bodies are read
 * (a beacon sent as text/plain needs no CORS preflight), with a 64 KiB body limit, CORS by the
 * website's host, and a budget of batches per website.
 */
export const ingestRoutes: FastifyPluginAsyncTypebox<IngestRoutesOptions> = async (app, options) => {
  const { db } = options;
  const websites = new WeakMap<FastifyRequest, WebsitesTable>();
  const loadTracker = trackerScriptLoader(options.trackerFile);

  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    depthLimited((_request, body, done) => {
      try {
        done(null, JSON.parse(body));
      } catch {
        done(errors.invalidJson(), undefined);
      }
    }),
  );

  // Everything else is the app-wide handler's; only the limit in the 413 message differs here.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw errors.bodyTooLarge(INGEST_LIMITS.bodyBytes);
    throw error;
  });

  /** An edge proxy's location headers win when it is trusted and sends them; otherwise the address is looked up. */
  async function locate(request: FastifyRequest): Promise<Geolocation> {
    if (options.trustProxy) {
      const fromProxy = geolocationFromHeaders(request.headers);
      if (fromProxy.country_code !== '') return fromProxy;
    }
    return options.locateIp(request.ip);
  }

  /** The website the key names, if the page's origin may send for it: 401 for an unknown key, 403 for another origin. */
  async function resolveWebsite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    void reply.header('vary', 'Origin');
    // The schema has validated the body by now.
    const website = await findWebsiteByPublicKey(db, (request.body as IngestBatchInput).key);
    if (!website) throw errors.unauthenticated('The key is not the public key of a website');
    const origin = request.headers.origin;
    // No Origin: not a browser page (a server or a test); the key alone identifies the website.
    if (origin !== undefined) {
      if (!isOriginAllowed(origin, website.host, options.allowLocalhost)) {
        throw errors.forbidden('origin_not_allowed', `Pages at ${origin} may not send events for this website`);
      }
      allowOrigin(reply, origin);
    }
    websites.set(request, website);
  }

  app.post('/v1/ingest', {
    bodyLimit: INGEST_LIMITS.bodyBytes,
    config: {
      rateLimit: {
        hook: 'preHandler',
        max: options.batchesPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request) => `ingest:${websites.get(request)?.id ?? ''}`,
        allowList: () => false,
      },
    },
    schema: {
      tags: ['Ingest'],
      operationId: 'ingestEvents',
      summary: 'Record events from the tracker',
      description:
        "Called by the tracker script (`/t.js`); no bearer token: `key` is the website's public key. Accepts " +
        '`application/json` and `text/plain` (JSON text, as `navigator.sendBeacon` sends it) up to 64 KiB. ' +
        "Pages may send only from the website's host or its subdomains. A `batch_id` already received answers " +
        '200 with `duplicate: true` and changes nothing.',
      security: [],
      querystring: NoQuery,
      body: IngestBatchBody,
      response: { ...errorResponses, 200: IngestAccepted, 202: IngestAccepted },
    },
    preHandler: resolveWebsite,
    handler: async (request, reply) => {
      const website = websites.get(request);
      if (!website) throw errors.internal();
      const outcome = await ingestBatch(
        db,
        website,
        request.body,
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          geolocation: await locate(request),
          receivedAt: Date.now(),
        },
        { publicUrl: options.publicUrl },
      );
      if (outcome.duplicate) return reply.code(200).send({ accepted: 0, duplicate: true });
      return reply.code(202).send({ accepted: outcome.accepted });
    },
  });

  // A preflight carries no body, so no key: it is granted to an origin some website's host accepts.
  app.options('/v1/ingest', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    void reply.header('vary', 'Origin').header('allow', 'POST, OPTIONS');
    if (origin === undefined) return reply.code(204).send();
    const allowed = isLocalOrigin(origin)
      ? options.allowLocalhost
      : await anyWebsiteWithHost(db, candidateWebsiteHosts(origin));
    if (!allowed) throw errors.forbidden('origin_not_allowed', `Pages at ${origin} may not send events here`);
    allowOrigin(reply, origin);
    return reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .code(204)
      .send();
  });

  app.get('/t.js', { schema: { hide: true } }, async (request, reply) => {
    const script = loadTracker();
    if (!script) throw errors.notFound('The tracker script (run npm run build:tracker)');
    return sendTrackerScript(request, reply, script, TRACKER_CACHE_CONTROL);
  });
};
