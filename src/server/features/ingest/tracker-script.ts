import crypto from 'node:crypto';
import fs from 'node:fs';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATIC_ENCODINGS, type StaticEncoding, compressedCopies } from '../../http/static-compression.ts';

/** One built script: as it is and compressed once, each with the ETag of its own bytes' representation. */
export interface TrackerScript {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<StaticEncoding, { body: Buffer; etag: string }>>;
}

/**
 * Reads the built tracker (`npm run build:tracker` writes it) on first use and keeps it, with its brotli
 * and gzip copies made then (static-compression.ts): customers' pages load it on every visit. Null
 * while the file does not exist, so a server started before the build picks it up once it is there.
 */
export function trackerScriptLoader(file: string): () => TrackerScript | null {
  let cached: TrackerScript | null = null;
  return () => {
    if (cached) return cached;
    if (!fs.existsSync(file)) return null;
    const body = fs.readFileSync(file);
    const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const copies = compressedCopies(body);
    const encoded: TrackerScript['encoded'] = {};
    for (const encoding of STATIC_ENCODINGS) {
      const copy = copies[encoding];
      if (copy) encoded[encoding] = { body: copy, etag: `"${hash}-${encoding}"` };
    }
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
  const offered = STATIC_ENCODINGS.filter((encoding) => script.encoded[encoding] !== undefined);
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
