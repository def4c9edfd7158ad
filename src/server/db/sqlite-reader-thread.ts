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
 * plain values is copied as one dense run. The blobs are views of one buffer, handed over rather than
 * copied (`joinBlobs`).
 */
export type ReaderAnswer =
  | { id: number; columns: string[]; values: unknown[] }
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

/**
 * Copies the blobs among `values` into one buffer and puts views of it in their place; the buffer, if
 * any, is returned to be transferred. A page of 100 sessions written as JSON is 100 blobs: copied one by
 * one, each became a buffer of its own on the receiving thread, with its own allocation and later its own
 * sweep (about a tenth of the server thread's CPU for such a page).
 */
function joinBlobs(values: unknown[]): ArrayBuffer | null {
  let bytes = 0;
  for (const value of values) if (value instanceof Uint8Array) bytes += value.byteLength;
  if (bytes === 0) return null;
  const joined = new Uint8Array(bytes);
  let at = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (!(value instanceof Uint8Array)) continue;
    joined.set(value, at);
    values[index] = joined.subarray(at, at + value.byteLength);
    at += value.byteLength;
  }
  return joined.buffer;
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

parentPort?.on('message', (queries: ReaderQuery[]) => {
  // Each answer's blobs are handed over with the message that carries the answers.
  const answers = queries.map(answer);
  const blobs: ArrayBuffer[] = [];
  for (const reply of answers) {
    const joined = 'values' in reply ? joinBlobs(reply.values) : null;
    if (joined) blobs.push(joined);
  }
  parentPort?.postMessage(answers, blobs);
});
