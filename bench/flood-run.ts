/**
 * The flood bench alone, on any database:
 *   DATABASE_URL=/tmp/flood-bench.db BENCH_SESSIONS=20000 npx tsx bench/flood-run.ts
 * BENCH_FLOOD_EVENTS (10000), BENCH_FLOOD_SECONDS (40) and BENCH_FLOOD_QUIET_MINUTES (1) change its size.
 */
import os from 'node:os';
import path from 'node:path';
import { prepareBenchData } from './bench-data.ts';
import { repoRoot } from './children.ts';
import { benchFlood } from './flood.ts';

const url = process.env.DATABASE_URL || path.join(repoRoot, 'bench', '.data', 'bench.db');
const sessions = Number(process.env.BENCH_SESSIONS || 20_000);

async function main(): Promise<void> {
  const data = await prepareBenchData(url, sessions);
  const env = {
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    PUBLIC_URL: 'http://127.0.0.1',
  };
  console.log(
    `Flood (load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}):`,
  );
  for (const line of await benchFlood(url, data, env)) console.log(`  ${line}`);
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
