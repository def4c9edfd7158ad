import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** One built script: as it is and compressed once, each with the ETag of its own bytes' representation. */
export interface TrackerScript {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, { body: Buffer; etag: string }>>;
}

/**
 * Reads the built tracker (`npm run build:tracker` writes it) on first use and keeps it, with a brotli
 * (highest quality) and a gzip (level 9) copy made then: customers' pages load it on every visit. Null
 * while the file does not exist, so a server started before the build picks it up once it is there.
 */
export function trackerScriptLoader(file: string): () => TrackerScript | null {
  let cached: TrackerScript | null = null;
  return () => {
    if (cached) return cached;
    if (!fs.existsSync(file)) return null;
    const body = fs.readFileSync(file);
    const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = zlib.gzipSync(body, { level: 9 });
    const encoded: TrackerScript['encoded'] = {};
    // A copy that is not smaller (a script of a few bytes) is not worth its header.
    if (br.length < body.length) encoded.br = { body: br, etag: `"${hash}-br"` };
    if (gzip.length < body.length) encoded.gzip = { body: gzip, etag: `"${hash}-gzip"` };
    cached = { body, etag: `"${hash}"`, encoded };
    return cached;
  };
}

/**
 * Sends a built script in the encoding the browser prefers among brotli, gzip and none, with its ETag,
 * answering 304 when the browser already holds that representation.
 */
export function sendTrackerScript(
  request: FastifyRequest,
  reply: FastifyReply,
  script: TrackerScript,
  cacheControl: string,
): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const offered = ENCODINGS.filter((encoding) => script.encoded[encoding] !== undefined);
  const encoding = accepted && offered.length > 0 ? negotiate(accepted, offered) : null;
  const encoded = encoding ? script.encoded[encoding] : undefined;
  const chosen = encoded ?? script;
  void reply
    .header('cache-control', cacheControl)
    .header('etag', chosen.etag)
    .header('vary', 'Accept-Encoding')
    .header('cross-origin-resource-policy', 'cross-origin');
  if (request.headers['if-none-match'] === chosen.etag) return reply.code(304).send();
  if (encoded && encoding) void reply.header('content-encoding', encoding);
  return reply.type('application/javascript; charset=utf-8').send(chosen.body);
}
