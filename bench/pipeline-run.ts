/**
 * The pipeline bench alone, on any database (a SQLite file too, unlike `npm run bench`):
 *   DATABASE_URL=/tmp/pipe-bench.db BENCH_SESSIONS=20000 BENCH_DURATION=2 npx tsx bench/pipeline-run.ts
 */
import path from 'node:path';
import { prepareBenchData } from './bench-data.ts';
import { repoRoot } from './children.ts';
import { benchPipeline } from './pipeline.ts';

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
  for (const line of await benchPipeline(url, data, env)) console.log(`  ${line}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
