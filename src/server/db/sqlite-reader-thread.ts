/**
 * A reader thread (sqlite-readers.ts): its own connection to the database file, allowed only to read,
 * answering each query with its column names and rows as arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { openSqlite } from './sqlite-file.ts';

/** One read; the thread is sent a list of them at a time and answers the list in one message. */
export interface ReaderQuery {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Rows come back as one flat array of their values, row after row (`columns.length` a row): the driver's
 * row arrays are holey, which V8 copies between threads property by property, where a packed array of
 * plain values is copied as one dense run. The blobs are views of one shared chunk or buffer, handed over
 * rather than copied (`joinBlobs`).
 */
export type ReaderAnswer =
  /** `chunk`: the shared chunk holding the answer's blobs, to be released once nothing refers to it. */
  | { id: number; columns: string[]; values: unknown[]; chunk?: number }
  | { id: number; error: { name: string; message: string; code?: string } };

const STATEMENT_CACHE_SIZE = 500;

interface Kept {
  statement: SQLite.Statement;
  columns: string[];
}

const statements = new LRUCache<string, Kept>({ max: STATEMENT_CACHE_SIZE });
let database: SQLite.Database | null = null;

/** The thread's connection, opened on the first query: a file that cannot be opened yet fails that query only. */
function connection(): SQLite.Database {
  if (!database) {
    const opened = openSqlite((workerData as { file: string }).file);
    opened.pragma('query_only = ON');
    database = opened;
  }
  return database;
}

/** The statement for `source`, prepared once and kept (least recently used out first), as the writer's cache does. */
function prepared(source: string): Kept {
  let kept = statements.get(source);
  if (!kept) {
    const statement = connection().prepare(source);
    if (!statement.reader) throw new Error('A reader thread only runs statements that return rows');
    kept = { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) };
    statements.set(source, kept);
  }
  return kept;
}

function answer(query: ReaderQuery): ReaderAnswer {
  try {
    const kept = prepared(query.sql);
    const rows = kept.statement.all(query.parameters) as unknown[][];
    // Another connection may have altered a table under a `select *`: the names are read again.
    const first = rows[0];
    if (first !== undefined && first.length !== kept.columns.length) {
      kept.columns = kept.statement.columns().map((column) => column.name);
    }
    const values: unknown[] = [];
    for (const row of rows) for (const value of row) values.push(value);
    return { id: query.id, columns: kept.columns, values };
  } catch (error) {
    const { name, message, code } = error as Error & { code?: string };
    return { id: query.id, error: { name, message, ...(code === undefined ? {} : { code }) } };
  }
}

/**
 * Shared memory the thread writes answers' blobs into, each chunk reused once the server thread no longer
 * refers to it (sqlite-readers.ts hands it back). A page of 100 sessions written as JSON is 150 KB of
 * blobs: handed over in a new buffer each time, that was about 90 MB a second of memory outside the
 * server thread's heap under load, which set off a collection of its heap every few dozen pages
 * ("external memory pressure") and a full one every few hundred, pausing every request in flight.
 */
class SharedChunks {
  private readonly chunks: SharedArrayBuffer[] = [];
  /** Ids of the chunks not in use, by their size. */
  private readonly free = new Map<number, number[]>();
  private readonly inUse = new Set<number>();
  private bytes = 0;

  constructor(
    private readonly minBytes: number,
    private readonly maxBytes: number,
    private readonly limitBytes: number,
  ) {}

  /** A free chunk of at least `size` bytes, or null when the answer is too big or every chunk is in use. */
  take(size: number): { id: number; chunk: SharedArrayBuffer } | null {
    if (size > this.maxBytes) return null;
    const capacity = Math.max(this.minBytes, 2 ** Math.ceil(Math.log2(size)));
    let id = this.free.get(capacity)?.pop();
    if (id === undefined) {
      if (this.bytes + capacity > this.limitBytes) return null;
      this.bytes += capacity;
      id = this.chunks.push(new SharedArrayBuffer(capacity)) - 1;
    }
    this.inUse.add(id);
    return { id, chunk: this.chunks[id] as SharedArrayBuffer };
  }

  release(id: number): void {
    const chunk = this.chunks[id];
    if (!chunk || !this.inUse.delete(id)) return;
    const free = this.free.get(chunk.byteLength) ?? [];
    free.push(id);
    this.free.set(chunk.byteLength, free);
  }
}

// Chunks of 64 KB to 4 MB, 64 MB in all; a bigger answer, or one that finds every chunk in use, comes in
// a buffer of its own as before.
const shared = new SharedChunks(64 * 1024, 4 * 1024 * 1024, 64 * 1024 * 1024);

/**
 * Copies the blobs among `values` into one shared chunk, or else one buffer to be transferred, and puts
 * views of it in their place. A page of 100 sessions written as JSON is 100 blobs: copied one by one,
 * each became a buffer of its own on the receiving thread, with its own allocation and later its own
 * sweep (about a tenth of the server thread's CPU for such a page). Returns the chunk's id, or the buffer.
 */
function joinBlobs(values: unknown[]): { chunk: number } | { buffer: ArrayBuffer } | null {
  let bytes = 0;
  for (const value of values) if (value instanceof Uint8Array) bytes += value.byteLength;
  if (bytes === 0) return null;
  const taken = shared.take(bytes);
  const joined = taken ? new Uint8Array(taken.chunk, 0, bytes) : new Uint8Array(bytes);
  let at = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (!(value instanceof Uint8Array)) continue;
    joined.set(value, at);
    values[index] = joined.subarray(at, at + value.byteLength);
    at += value.byteLength;
  }
  return taken ? { chunk: taken.id } : { buffer: joined.buffer as ArrayBuffer };
}

/** A list of reads, with the shared chunks the server thread no longer refers to. */
export interface ReaderRequest {
  queries: ReaderQuery[];
  released: number[];
}

parentPort?.on('message', ({ queries, released }: ReaderRequest) => {
  for (const id of released) shared.release(id);
  // Each answer's blobs are handed over with the message that carries the answers.
  const answers = queries.map(answer);
  const buffers: ArrayBuffer[] = [];
  for (const reply of answers) {
    if (!('values' in reply)) continue;
    const joined = joinBlobs(reply.values);
    if (joined === null) continue;
    if ('buffer' in joined) buffers.push(joined.buffer);
    else reply.chunk = joined.chunk;
  }
  parentPort?.postMessage(answers, buffers);
});
