import zlib from 'node:zlib';

export type StaticEncoding = 'br' | 'gzip';

/** In the order of preference. */
export const STATIC_ENCODINGS: readonly StaticEncoding[] = ['br', 'gzip'];

/**
 * Brotli at its highest quality and gzip at level 9 of a file that is compressed once and sent many times
 * (the dashboard's build, the tracker scripts). A copy that would not be smaller than the file (a script
 * of a few bytes) is left out: it is not worth its header.
 */
export function compressedCopies(body: Buffer): Partial<Record<StaticEncoding, Buffer>> {
  const copies: Partial<Record<StaticEncoding, Buffer>> = {};
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  if (br.length < body.length) copies.br = br;
  const gzip = zlib.gzipSync(body, { level: 9 });
  if (gzip.length < body.length) copies.gzip = gzip;
  return copies;
}
