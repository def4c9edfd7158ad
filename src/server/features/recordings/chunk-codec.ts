import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type ChunkEncoding, RECORDING_LIMITS } from '../../../api/recording-limits.ts';
import { errors } from '../../errors.ts';

export interface DecodedChunk {
  /** The chunk as stored: gzip of the JSON text. */
  gzip: Buffer;
  rawBytes: number;
  firstEventAt: number;
  lastEventAt: number;
}

const gunzip = promisify(zlib.gunzip);
const inflateDeflate = promisify(zlib.inflate);
const gzip = promisify(zlib.gzip);

/**
 * Inflates with a cap on the output, so a small body cannot expand into gigabytes (a zip bomb). The
 * asynchronous zlib runs on libuv's thread pool, so the event loop serves other requests meanwhile.
 */
async function inflate(body: Buffer, encoding: ChunkEncoding): Promise<Buffer> {
  if (encoding === 'none') return body;
  const options = { maxOutputLength: RECORDING_LIMITS.chunkInflatedBytes };
  try {
    return await (encoding === 'gzip' ? gunzip(body, options) : inflateDeflate(body, options));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw errors.bodyTooLarge(RECORDING_LIMITS.chunkInflatedBytes);
    }
    throw errors.validation('invalid_chunk', `The body is not valid ${encoding} data`);
  }
}

function isRrwebEvent(value: unknown): value is { type: number; timestamp: number } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  return Number.isInteger(event.type) && typeof event.timestamp === 'number' && Number.isFinite(event.timestamp);
}

/**
 * Checks that a chunk is a non-empty JSON array of rrweb events (each with a numeric `type` and
 * `timestamp`) and returns it gzip-compressed for storage, keeping the visitor's gzip bytes when
 * they came so.
 */
export async function decodeChunk(body: Buffer, encoding: ChunkEncoding): Promise<DecodedChunk> {
  const raw = await inflate(body, encoding);
  if (raw.length > RECORDING_LIMITS.chunkInflatedBytes) throw errors.bodyTooLarge(RECORDING_LIMITS.chunkInflatedBytes);
  let events: unknown;
  try {
    events = JSON.parse(raw.toString('utf8'));
  } catch {
    throw errors.validation('invalid_chunk', 'The chunk is not JSON');
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw errors.validation('invalid_chunk', 'The chunk must be a non-empty JSON array of rrweb events');
  }
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const [index, event] of events.entries()) {
    if (!isRrwebEvent(event)) {
      throw errors.validation('invalid_chunk', `Event ${index} of the chunk has no numeric type and timestamp`);
    }
    first = Math.min(first, event.timestamp);
    last = Math.max(last, event.timestamp);
  }
  return {
    gzip: encoding === 'gzip' ? body : await gzip(raw),
    rawBytes: raw.length,
    firstEventAt: Math.floor(first),
    lastEventAt: Math.floor(last),
  };
}
