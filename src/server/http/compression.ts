import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The fastest setting of each encoding: a sessions page of 100 (about 150 KB of JSON) takes 0.6 ms to
 * brotli at quality 1 and comes out at 21 KB, 0.9 ms to gzip at level 1 for 25 KB; the defaults (brotli 4,
 * gzip 6) save 2–5 KB more for twice the time. Responses up to 1 MB are compressed in one call on the
 * server's thread: on two cores, handing them to zlib's thread pool as a stream served fewer pages a second.
 */
const ROUTE_COMPRESSION = {
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
  syncThreshold: 1024 * 1024,
};

/**
 * Response compression (brotli, gzip or deflate, as the client accepts) for the routes that opt in with
 * `compressed`. Only large reads opt in. Responses that carry a secret (a new token, a webhook's signing
 * secret) never do, so a secret is never compressed next to text an attacker chose. Request bodies are
 * never decompressed here: the recording ingest reads its own gzip chunks.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { globalCompression: false, globalDecompression: false });
}

/** Route option: compress this route's responses when the client accepts it. */
export const compressed = { compress: ROUTE_COMPRESSION };
