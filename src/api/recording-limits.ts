/**
 * Limits and defaults of session recording, shared by the recorder, the dashboard and the server.
 * Plain constants, importable without TypeBox.
 */
export const RECORDING_LIMITS = {
  /** One chunk as sent (compressed, or raw when the browser cannot compress). */
  chunkBytes: 512 * 1024,
  /** One chunk once inflated: a larger one is refused before it is parsed. */
  chunkInflatedBytes: 8 * 1024 * 1024,
  /** All of one session's chunks, compressed as stored. */
  sessionBytes: 20 * 1024 * 1024,
  /** Chunk numbers run from 0 to this. */
  maxChunkIndex: 100_000,
  selectors: 50,
  selectorLength: 256,
  queryParams: 50,
  queryParamLength: 100,
} as const;

/** Query parameters stripped from recorded URLs unless a website says otherwise. */
export const DEFAULT_STRIPPED_QUERY_PARAMS = ['token', 'password', 'secret', 'key', 'code'] as const;

/** How long recordings, events and delivery history are kept when an account sets nothing else. */
export const DEFAULT_RETENTION_DAYS = 30;

/** The attributes a page puts on elements the recorder must mask or leave out, whatever the settings. */
export const MASK_ATTRIBUTE = 'data-sa-mask';
export const BLOCK_ATTRIBUTE = 'data-sa-block';

/** Encodings a chunk may be sent in: gzip or deflate from CompressionStream, or none where it is missing. */
export const CHUNK_ENCODINGS = ['gzip', 'deflate', 'none'] as const;
export type ChunkEncoding = (typeof CHUNK_ENCODINGS)[number];
