/**
 * A delivery worker in a process of its own, for the crash test:
 *   node --import tsx worker-process.ts DATABASE_URL CLAIM_TTL_MS REQUEST_TIMEOUT_MS
 * Configuration (ALLOW_* and CHAT_*) comes from the environment, as for the server.
 */
import pino from 'pino';
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/database.ts';
import { startDeliveryWorker } from '../worker/delivery-worker.ts';

const [databaseUrl, claimTtlMs, requestTimeoutMs] = process.argv.slice(2);
if (!databaseUrl || !claimTtlMs || !requestTimeoutMs) {
  process.stderr.write('usage: worker-process.ts DATABASE_URL CLAIM_TTL_MS REQUEST_TIMEOUT_MS\n');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
const database = openDatabase(config.DATABASE_URL);
startDeliveryWorker({
  db: database.db,
  dialect: database.dialect,
  config,
  log: pino({ level: 'silent' }),
  pollIntervalMs: 50,
  claimTtlMs: Number(claimTtlMs),
  requestTimeoutMs: Number(requestTimeoutMs),
});
process.stdout.write('ready\n');
