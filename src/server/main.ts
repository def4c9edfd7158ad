import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { type DeliveryWorker, startDeliveryWorker } from './features/notifications/worker/delivery-worker.ts';
import { type RetentionWorker, startRetentionWorker } from './features/retention/retention-worker.ts';
import { type DemoCredentials, ensureDemoData } from './seed/demo-data.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL, {
    poolSize: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrateToLatest(database.db);
  const demo = config.DEMO_DATA ? await ensureDemoData(database.db, config) : null;
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  database.onConnectionError((error) =>
    app.log.warn({ reason: error.message }, 'database connection lost; reconnecting on the next query'),
  );

  let worker: DeliveryWorker | null = null;
  let retention: RetentionWorker | null = null;
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
    Promise.all([worker?.stop(), retention?.stop()])
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

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.DELIVERY_WORKER && !closing) {
    worker = startDeliveryWorker({
      db: database.db,
      dialect: database.dialect,
      config,
      log: app.log.child({ component: 'delivery' }),
    });
  }
  if (config.RETENTION_WORKER && !closing) {
    retention = startRetentionWorker({ db: database.db, log: app.log.child({ component: 'retention' }) });
  }
  printWelcome(config.PUBLIC_URL, demo);
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
