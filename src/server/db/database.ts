import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type RawBuilder,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../config.ts';
import { cancelWhenAbandoned, readsSameDatabase } from './abandoned-reads.ts';
import { type ConnectionErrorListener, createPostgresPool } from './postgres-pool.ts';
import type { DatabaseSchema } from './schema.ts';
import { withStatementCache } from './sqlite-statements.ts';
import { openSqlite } from './sqlite-file.ts';
import { SqliteReaderDialect, SqliteReaders } from './sqlite-readers.ts';

export type Db = Kysely<DatabaseSchema>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  /**
   * For reads that may run long (finding sessions and people): on a SQLite file with reader threads,
   * they run there (sqlite-readers.ts), off the event loop; otherwise `db` itself. Never for writes.
   */
  reader: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** Told when a pooled connection breaks (PostgreSQL restart or failover); the pool replaces it on its own. */
  onConnectionError(listener: ConnectionErrorListener): void;
}

// int8 (bigint) columns hold Unix timestamps, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));

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

/**
 * Kysely's PostgreSQL introspector reads every schema's tables and calls `has_schema_privilege` on each
 * schema name, which fails with "schema does not exist" when another connection drops a schema meanwhile
 * (and grows slow with many schemas). The migrator only needs the connection's own schema: this looks at
 * nothing else.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  private readonly schemas: PostgresIntrospector;

  constructor(private readonly db: Kysely<unknown>) {
    this.schemas = new PostgresIntrospector(db);
  }

  getSchemas() {
    return this.schemas.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      table_type: string;
      schema: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
    }>`
      select c.relname as "table", c.relkind as table_type, ns.nspname as "schema", a.attname as "column",
        typ.typname as "type", dtns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

/** Each PostgreSQL handle's pool, for the work Kysely has no API for (bulk loads through COPY). */
const postgresPools = new WeakMap<Db, pg.Pool>();

/** The node-postgres pool behind a database opened by `openDatabase`; undefined for SQLite and transactions. */
export function postgresPoolOf(db: Db): pg.Pool | undefined {
  return postgresPools.get(db);
}

/** Each SQLite handle's reader threads, for the reads that skip the query builder (shaped-statements.ts). */
const sqliteReaderThreads = new WeakMap<Db, SqliteReaders>();

/** The reader threads behind a SQLite handle's `reader`; undefined for any other database. */
export function sqliteReadersOf(db: Db): SqliteReaders | undefined {
  return sqliteReaderThreads.get(db);
}

/** Opens the database named by a URL: a postgres:// URL, or else a SQLite file path. */
export function openDatabase(
  url: string,
  options: { poolSize?: number; statementTimeoutMs?: number; preparedStatements?: boolean; readers?: number } = {},
): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const { pool, onConnectionError } = createPostgresPool(url, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
      preparedStatements: options.preparedStatements ?? true,
    });
    const db = new Kysely<DatabaseSchema>({
      dialect: new CurrentSchemaPostgresDialect({
        pool,
        onCreateConnection: (connection) => cancelWhenAbandoned(connection, url),
      }),
    });
    postgresPools.set(db, pool);
    return { db, reader: db, dialect: 'postgres', close: () => db.destroy(), onConnectionError };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  const db = new Kysely<DatabaseSchema>({ dialect: new ImmediateSqliteDialect(withStatementCache(openSqlite(file))) });
  // An in-memory database is the connection's own: no other connection can read it.
  const readers = file === ':memory:' ? 0 : (options.readers ?? 0);
  if (readers === 0)
    return { db, reader: db, dialect: 'sqlite', close: () => db.destroy(), onConnectionError: () => undefined };
  const threads = new SqliteReaders(file, readers);
  const reader = new Kysely<DatabaseSchema>({ dialect: new SqliteReaderDialect(threads) });
  sqliteReaderThreads.set(reader, threads);
  readsSameDatabase(reader, db);
  const close = async () => {
    await reader.destroy();
    await db.destroy();
  };
  return { db, reader, dialect: 'sqlite', close, onConnectionError: () => undefined };
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

/**
 * `column` equals one of `values` (at least one). On PostgreSQL one array parameter, read by a subquery:
 * as hundreds of parameters, or as an array the planner sees, it estimates every element, and planning
 * cost more than the scan (612 URLs under ten connections: 15 ms and more of planning for a 3 ms scan).
 * On SQLite a list.
 */
export function isOneOf(db: Db, column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${column} = any(array(select unnest(${values}::text[])))`
    : sql<boolean>`${column} in (${sql.join([...values])})`;
}
