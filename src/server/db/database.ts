import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../config.ts';
import { migrations } from './migrations/index.ts';
import { type ConnectionErrorListener, createPostgresPool } from './postgres-pool.ts';
import type { DatabaseSchema } from './schema.ts';

export type Db = Kysely<DatabaseSchema>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** Told when a pooled connection breaks (PostgreSQL restart or failover); the pool replaces it on its own. */
  onConnectionError(listener: ConnectionErrorListener): void;
}

// int8 (bigint) columns hold Unix timestamps, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));

function openSqlite(file: string): SQLite.Database {
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

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, which on SQLite costs as much as running it; the service issues the
 * same few hundred SQL texts over and over, so their prepared statements are kept (least recently used
 * out first). Kysely runs one query at a time on the connection, so a statement is never used twice at once.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = database.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}

/**
 * Every SQLite transaction takes the write lock when it begins. Kysely's plain BEGIN defers it to the first
 * write, and a transaction that has read by then cannot wait for the lock when another process (or another
 * handle on the file) wrote meanwhile: SQLite answers SQLITE_BUSY_SNAPSHOT at once, which busy_timeout
 * cannot help. Taken up front, the lock is simply waited for (up to busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

/** Opens the database named by a URL: a postgres:// URL, or else a SQLite file path. */
export function openDatabase(
  url: string,
  options: { poolSize?: number; statementTimeoutMs?: number } = {},
): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const { pool, onConnectionError } = createPostgresPool(url, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), onConnectionError };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  const db = new Kysely<DatabaseSchema>({ dialect: new ImmediateSqliteDialect(withStatementCache(openSqlite(file))) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), onConnectionError: () => undefined };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migration tables live in the connection's own schema: without this Kysely would
  // find another schema's tables on the search path and skip creating its own.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** True when a write failed because a unique or primary key already holds the value, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether a Kysely instance (or transaction) speaks to PostgreSQL; the dialect is otherwise SQLite. */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
