/**
 * A reader thread (sqlite-readers.ts): its own connection to the database file, allowed only to read,
 * answering each query with its column names and rows as arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { openSqlite } from './sqlite-file.ts';

export interface ReaderQuery {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReaderAnswer =
  | { id: number; columns: string[]; rows: unknown[][] }
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
    return { id: query.id, columns: kept.columns, rows };
  } catch (error) {
    const { name, message, code } = error as Error & { code?: string };
    return { id: query.id, error: { name, message, ...(code === undefined ? {} : { code }) } };
  }
}

parentPort?.on('message', (query: ReaderQuery) => {
  parentPort?.postMessage(answer(query));
});
