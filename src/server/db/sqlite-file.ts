import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A SQLite file with the settings every connection of the server uses. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -65536');
  database.pragma('mmap_size = 268435456');
  return database;
}
