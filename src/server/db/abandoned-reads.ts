import {
  CompiledQuery,
  type DatabaseConnection,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Db } from './database.ts';

/**
 * How long a statement may go on after its request is abandoned before it is cancelled: a cancel opens
 * a connection (a process on the server), which only a statement still running after this is worth.
 */
const CANCEL_AFTER_MS = 250;

/**
 * One request's reads that may be abandoned: whether its client has gone, and what to cancel then for
 * each of its statements still running. Plain fields rather than an AbortController with a listener per
 * statement: those cost about 30 µs of CPU over a first page's three statements, twice the rest of this
 * bookkeeping.
 */
export class AbandonableReads {
  abandoned = false;
  readonly running = new Set<() => void>();

  /** The client has gone: every statement still running gets its grace period, then its cancel. */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    for (const cancel of this.running) cancel();
  }
}

/** The reads of the request each query was built for, when that request may be abandoned. */
const requests = new WeakMap<QueryId, AbandonableReads>();

/** A query stopped because the request it served was closed by its client. */
export class ReadAbandonedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The client closed the request before its answer was ready; its query was cancelled', options);
    this.name = 'ReadAbandonedError';
  }
}

/** Tags every query built through it with the request's reads. */
class AbandonablePlugin implements KyselyPlugin {
  constructor(private readonly reads: AbandonableReads) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    requests.set(args.queryId, this.reads);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/**
 * `db` for the queries of one request: those of them still running in PostgreSQL when `reads` is
 * abandoned are cancelled there (see `cancelWhenAbandoned`). Queries built through `db` itself are untouched.
 */
export function abandonable(db: Db, reads: AbandonableReads): Db {
  const reading = db.withPlugin(new AbandonablePlugin(reads));
  roots.set(reading, rootDb(db));
  return reading;
}

/** Each request's `db` and the database it reads. */
const roots = new WeakMap<Db, Db>();

/** Tells that `reader` reads what `db` holds (sqlite-readers.ts), so the two share per-database caches. */
export function readsSameDatabase(reader: Db, db: Db): void {
  roots.set(reader, rootDb(db));
}

/** The database that `db`, perhaps one request's (`abandonable`), reads: what per-database caches key on. */
export function rootDb(db: Db): Db {
  return roots.get(db) ?? db;
}

/**
 * Asks PostgreSQL to cancel what the backend `processId` is running, over a connection of its own (the
 * pool's may all be busy with the very queries to cancel). A backend waiting for its next command ignores
 * a cancel, so one that arrives after the query ended does nothing.
 */
async function cancelBackend(url: string, processId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [processId]);
  } catch {
    // The query then runs to its end or to the statement timeout, as it would have without this.
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function watched<T>(url: string, processId: number, reads: AbandonableReads, running: Promise<T>): Promise<T> {
  let cancelling: Promise<void> | null = null;
  let grace: NodeJS.Timeout | undefined;
  const cancel = () => {
    grace = setTimeout(() => {
      cancelling = cancelBackend(url, processId);
    }, CANCEL_AFTER_MS);
  };
  reads.running.add(cancel);
  try {
    return await running;
  } catch (error) {
    throw cancelling === null ? error : new ReadAbandonedError({ cause: error });
  } finally {
    clearTimeout(grace);
    reads.running.delete(cancel);
    // The connection goes back to the pool only once the cancel is delivered, so that it can never reach
    // the next request's query.
    if (cancelling !== null) await cancelling;
  }
}

/**
 * Makes a new pooled connection stop, in PostgreSQL, each query of an `abandonable` request whose client
 * has gone: a person who changes a slow filter or closes the tab leaves nothing running. Learns the
 * connection's backend once, with one query.
 */
export async function cancelWhenAbandoned(connection: DatabaseConnection, url: string): Promise<void> {
  let processId: number | undefined;
  try {
    const { rows } = await connection.executeQuery<{ pid: number }>(
      CompiledQuery.raw('select pg_backend_pid() as pid'),
    );
    processId = rows[0]?.pid;
  } catch {
    // A connection that cannot answer this fails its first real query too, and the pool replaces it; an
    // error thrown from here would instead keep it checked out for good.
  }
  if (processId === undefined) return;
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
    const reads = requests.get(compiled.queryId);
    if (reads === undefined) return execute<R>(compiled);
    if (reads.abandoned) return Promise.reject(new ReadAbandonedError());
    return watched(url, processId, reads, execute<R>(compiled));
  };
}
