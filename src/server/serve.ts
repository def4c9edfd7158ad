import cluster from 'node:cluster';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from './app.ts';
import { runPrimary, workerIndex } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { type DeliveryWorker, startDeliveryWorker } from './features/notifications/worker/delivery-worker.ts';
import { type RetentionWorker, startRetentionWorker } from './features/retention/retention-worker.ts';
import { type SessionSetsWorker, startSessionSetsWorker } from './features/sessions/session-sets-worker.ts';
import { setUnionCacheBytes } from './features/sessions/session-set-unions.ts';
import { type DemoCredentials, ensureDemoData } from './seed/demo-data.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.HTTP_WORKERS > 1 && cluster.isPrimary) await startPrimary(config);
  else await startServer(config, workerIndex());
}

const openConfiguredDatabase = (config: Config) =>
  openDatabase(config.DATABASE_URL, {
    poolSize: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
    readers: config.SQLITE_READERS,
  });

/** Migrates and creates the demo data once, then starts the HTTP processes. */
async function startPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL });
  if (config.REDIS_URL === undefined) {
    log.warn(
      { processes: config.HTTP_WORKERS },
      'without REDIS_URL each HTTP process keeps its own rate-limit counters: a client may get up to one budget per process',
    );
  }
  const database = openConfiguredDatabase(config);
  let demo: DemoCredentials | null;
  try {
    await migrateDatabase(config.DATABASE_URL, database);
    demo = config.DEMO_DATA ? await ensureDemoData(database.db, config) : null;
  } finally {
    await database.close();
  }
  runPrimary({ workers: config.HTTP_WORKERS, log, onListening: () => printWelcome(config.PUBLIC_URL, demo) });
}

/**
 * Serves HTTP in this process. `index` is the process's number under a primary (which has migrated and
 * welcomes), or null when the server is this one process; the retention job runs in one process only.
 */
async function startServer(config: Config, index: number | null): Promise<void> {
  const database = openConfiguredDatabase(config);
  let demo: DemoCredentials | null = null;
  if (index === null) {
    await migrateDatabase(config.DATABASE_URL, database);
    demo = config.DEMO_DATA ? await ensureDemoData(database.db, config) : null;
  }
  setUnionCacheBytes(config.SESSION_SETS_CACHE_MB * 1024 * 1024);
  // SQLite's reader threads start now, not on the first analyst's request (about 0.1 s each).
  if (database.reader !== database.db) await sql`select 1`.execute(database.reader);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  database.onConnectionError((error) =>
    app.log.warn({ reason: error.message }, 'database connection lost; reconnecting on the next query'),
  );

  let worker: DeliveryWorker | null = null;
  let retention: RetentionWorker | null = null;
  let sessionSets: SessionSetsWorker | null = null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // The worker gives back the messages it holds before the database closes; they go out on the next start.
    Promise.all([worker?.stop(), retention?.stop(), sessionSets?.stop()])
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Under a primary: if it is gone, nothing would restart or stop this process.
  if (index !== null) process.on('disconnect', () => shutdown('disconnect'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.DELIVERY_WORKER && !closing) {
    worker = startDeliveryWorker({
      db: database.db,
      dialect: database.dialect,
      config,
      log: app.log.child({ component: 'delivery' }),
    });
  }
  if (config.RETENTION_WORKER && (index ?? 0) === 0 && !closing) {
    retention = startRetentionWorker({ db: database.db, log: app.log.child({ component: 'retention' }) });
  }
  if (config.SESSION_SETS_WORKER && (index ?? 0) === 0 && !closing) {
    sessionSets = startSessionSetsWorker({ db: database.db, log: app.log.child({ component: 'session-sets' }) });
  }
  if (index === null) printWelcome(config.PUBLIC_URL, demo);
}

/**
 * Told once, as plain text on stderr: stdout is the JSON log stream, which log collectors store, and the
 * demo password and token must never reach it.
 */
function printWelcome(publicUrl: string, demo: DemoCredentials | null): void {
  const lines = [`Session Analytics is running at ${publicUrl}`, `API reference: ${publicUrl}/docs`];
  if (demo) {
    lines.push(
      `Demo account "${demo.accountName}" created with ${demo.sessions} sessions, ${demo.recordedSessionIds.length} of them with a replay.`,
      `Sign in at ${publicUrl} as ${demo.adminEmail} with password ${demo.adminPassword}`,
      `Admin API token (shown once): ${demo.adminToken}`,
      `Try: curl -H "Authorization: Bearer ${demo.adminToken}" ${publicUrl}/v1/sessions?size=5`,
    );
  }
  process.stderr.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
