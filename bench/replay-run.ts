/**
 * The replay benches alone, on any database (a temporary SQLite file by default):
 *   npx tsx bench/replay-run.ts
 *   BENCH_DURATION=5 BENCH_REPLAY_SECONDS=20 DATABASE_URL=postgres://... npx tsx bench/replay-run.ts
 * BENCH_DURATION: seconds of ingestion and timeline load (default 10); BENCH_REPLAY_SECONDS: the recorded
 * visit's length (default 60); BENCH_REPLAY_PARTS: a comma-separated choice of recorder, open, ingestion (default
 * all); BENCH_TRACE_DIR: a directory to keep the recorder visits' Chromium traces in. npm run bench runs the same after its own parts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { positiveEnv } from './load.ts';
import { benchReplay } from './replay.ts';

const url = process.env.DATABASE_URL || path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-bench-')), 'bench.db');
const childEnv = {
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  DELIVERY_WORKER: 'false',
  RETENTION_WORKER: 'false',
};

benchReplay(url, childEnv, {
  durationSeconds: positiveEnv('BENCH_DURATION', 10),
  recorderSeconds: positiveEnv('BENCH_REPLAY_SECONDS', 60),
  only: (process.env.BENCH_REPLAY_PARTS ?? '').split(',').filter(Boolean),
}).then(
  (lines) => {
    console.log(
      `Replay (load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}):`,
    );
    for (const line of lines) console.log(`  ${line}`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
