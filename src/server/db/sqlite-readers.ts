import type { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { ReaderAnswer, ReaderQuery, ReaderRequest } from './sqlite-reader-thread.ts';
import { type BuildRow, rowBuilder } from './sqlite-statements.ts';
import { siblingModule, startModuleThread } from '../lib/module-thread.ts';

interface Waiting {
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** Reads asked for in this turn of the event loop, sent to the thread together at its end. */
  queued: ReaderQuery[];
  /** The thread's shared chunks nothing here refers to any more, handed back with the next reads. */
  released: number[];
  /** Shared chunks the thread wrote answers into and not yet handed back. */
  held: number;
}

/** An answer's shared chunk, until it is handed back to its thread. */
interface Lease {
  reader: Reader;
  chunk: number;
  returned: boolean;
}

function returnChunk(lease: Lease): void {
  if (lease.returned) return;
  lease.returned = true;
  lease.reader.released.push(lease.chunk);
  lease.reader.held -= 1;
}

/**
 * Hands a thread's shared chunk back once this thread no longer refers to it. Every view of an answer's
 * blobs holds the chunk's SharedArrayBuffer (one object for the whole answer), so it is collected only
 * when no row, Buffer or slice of it is left, however long its reader kept them. Only a full collection
 * finds that, every few seconds under load: a reader that copies the bytes at once hands them back
 * sooner (`releaseRows`). A chunk of a thread that has stopped is forgotten with it.
 */
const chunkRegistry = new FinalizationRegistry<Lease>(returnChunk);

/**
 * The lease of each shared chunk, by the SharedArrayBuffer its answer's blobs are views of: one entry an
 * answer, where an entry a row cost the server's thread about 180 µs a page of 100.
 */
const leases = new WeakMap<ArrayBufferLike, Lease>();

/**
 * Hands back at once the shared memory holding these rows' blobs, for a reader that has copied all it
 * needs of them: none of their blobs (nor a Buffer or slice of one) may be read afterwards, as the
 * thread will write other answers there. Rows read elsewhere are left alone.
 */
export function releaseRows(rows: readonly object[]): void {
  for (const row of rows) {
    for (const key in row) {
      const value = (row as Record<string, unknown>)[key];
      if (!(value instanceof Uint8Array)) continue;
      const lease = leases.get(value.buffer);
      if (lease) returnChunk(lease);
    }
  }
}

// The thread's module beside this one (.js built, .ts from source).
const THREAD_FILE = siblingModule(import.meta.url, 'sqlite-reader-thread');

/** Each result's column names, one row builder for each (sqlite-statements.ts). */
const builders = new Map<string, BuildRow>();

function rowsOf(columns: string[], values: unknown[]): Record<string, unknown>[] {
  const key = columns.join('\u0000');
  let build = builders.get(key);
  if (!build) {
    build =
      rowBuilder(columns) ?? ((row, at) => Object.fromEntries(columns.map((name, index) => [name, row[at + index]])));
    builders.set(key, build);
  }
  // A blob crosses between threads as a plain Uint8Array: it is a Buffer again, as the driver gives it.
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value instanceof Uint8Array) values[index] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  const rows: Record<string, unknown>[] = [];
  for (let at = 0; at < values.length; at += columns.length) rows.push((build as BuildRow)(values, at));
  return rows;
}

/** Sends the reads queued for a thread in one message, with the shared chunks it may write into again. */
function send(reader: Reader): void {
  const queries = reader.queued;
  if (queries.length === 0) return;
  const request: ReaderRequest = { queries, released: reader.released };
  reader.queued = [];
  reader.released = [];
  reader.worker.postMessage(request);
}

/** Leases the shared chunk of an answer's blobs, if it came in one, watched until nothing refers to it. */
function holdChunk(reader: Reader, answer: { values: unknown[]; chunk?: number }): void {
  if (answer.chunk === undefined) return;
  const view = answer.values.find((value) => value instanceof Uint8Array) as Uint8Array | undefined;
  if (!view) return;
  const lease = { reader, chunk: answer.chunk, returned: false };
  reader.held += 1;
  chunkRegistry.register(view.buffer, lease);
  leases.set(view.buffer, lease);
}

/**
 * Threads with connections of their own to a SQLite file, which run reads off the event loop. A
 * better-sqlite3 statement runs to its end on the thread that calls it: a filter that reads for 50 ms
 * would hold every other request (sign-ins, ingest, health checks) for as long. WAL mode lets the
 * readers read while the server's own connection writes; each statement sees what was committed when it
 * began, as it would on the server's connection. Threads start on the first read, and a thread that
 * dies fails the reads it held and is started again on the next.
 */
export class SqliteReaders {
  private readonly readers: (Reader | null)[];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    count: number,
  ) {
    this.readers = Array.from({ length: count }, () => null);
  }

  /** The rows of one read, as objects, on the thread with the fewest reads waiting. */
  read(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const reader = this.leastBusy();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      // A thread with reads waiting keeps the process alive, as a query on a socket would; an idle one does not.
      if (reader.waiting.size === 0) reader.worker.ref();
      reader.waiting.set(id, { resolve, reject });
      // A page asks for its rows and its total at once: one message carries both, and one carries their
      // answers back, instead of a message and a wake-up of the other thread for each.
      if (reader.queued.push({ id, sql, parameters }) === 1) queueMicrotask(() => send(reader));
    });
  }

  /** Shared chunks the threads wrote answers into that rows or Buffers here may still refer to. */
  heldChunks(): number {
    return this.readers.reduce((held, reader) => held + (reader?.held ?? 0), 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.readers.filter((reader): reader is Reader => reader !== null);
    this.readers.fill(null);
    await Promise.all(running.map((reader) => reader.worker.terminate()));
  }

  private leastBusy(): Reader {
    let chosen: Reader | null = null;
    for (let index = 0; index < this.readers.length; index += 1) {
      const reader = this.readers[index] ?? this.start(index);
      if (reader.waiting.size === 0) return reader;
      if (!chosen || reader.waiting.size < chosen.waiting.size) chosen = reader;
    }
    return chosen as Reader;
  }

  private start(index: number): Reader {
    const worker = startModuleThread(THREAD_FILE, { file: this.file });
    const reader: Reader = { worker, waiting: new Map(), queued: [], released: [], held: 0 };
    worker.on('message', (answers: ReaderAnswer[]) => {
      for (const answer of answers) {
        // Even an answer nobody waits for any more holds its chunk until its values are collected.
        if ('values' in answer) holdChunk(reader, answer);
        const waiting = reader.waiting.get(answer.id);
        if (!waiting) continue;
        reader.waiting.delete(answer.id);
        if ('error' in answer) {
          const error = Object.assign(new Error(answer.error.message), answer.error);
          waiting.reject(error);
        } else {
          waiting.resolve(rowsOf(answer.columns, answer.values));
        }
      }
      if (reader.waiting.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.readers[index] === reader) this.readers[index] = null;
      for (const waiting of reader.waiting.values()) waiting.reject(error);
      reader.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A database reader thread stopped (exit code ${code})`)));
    this.readers[index] = reader;
    return reader;
  }
}

class ReaderConnection implements DatabaseConnection {
  constructor(private readonly readers: SqliteReaders) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.readers.read(query.sql, query.parameters)) as R[] };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

/** Every caller shares one connection object: the threads take reads concurrently, so none waits for another's. */
class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;

  constructor(private readonly readers: SqliteReaders) {
    this.connection = new ReaderConnection(readers);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('A reader has no transactions: write on the database itself');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.readers.close();
  }
}

/** Kysely's SQLite dialect over reader threads: the same SQL, compiled the same way, run off the event loop. */
export class SqliteReaderDialect implements Dialect {
  constructor(private readonly readers: SqliteReaders) {}

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new ReaderDriver(this.readers);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
