/**
 * The whole HTTP service in a process of its own, for tests that need two processes on one database:
 *   node --import tsx app-process.ts DATABASE_URL
 * Listens on an ephemeral port of 127.0.0.1 and prints `listening <port>`; other configuration comes from
 * the environment, as for the server.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) {
  process.stderr.write('usage: app-process.ts DATABASE_URL\n');
  process.exit(2);
}
const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...process.env, DATABASE_URL: databaseUrl });
const database = openDatabase(config.DATABASE_URL, { poolSize: 4 });
const app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
