/**
 * Load test of GET /v1/sessions against the real server, next to a bare node:http "floor" that runs the
 * same first-page SQL straight through the driver. Prints a report and exits 0 either way.
 *
 *   npm run bench                                     1,000,000 sessions, 10 s per scenario, SQLite
 *   BENCH_SESSIONS=50000 BENCH_DURATION=3 npm run bench   a quick run
 *   DATABASE_URL=postgres://... npm run bench          the same on PostgreSQL
 *   BENCH_SERVER_ENTRY=path/to/entry                   another server entry (default src/server/main.ts)
 *   BENCH_LOAD=false                                   skip the load test of GET /v1/sessions and its floor
 *   BENCH_HTTP_WORKERS=2                               run the server and the floor as two HTTP processes each
 *   BENCH_SQLITE_READERS=0                             the server's SQLITE_READERS (default: the server's own)
 *   BENCH_SCENARIOS=page,people                        only the load scenarios whose names contain one of the words
 *   BENCH_DASHBOARD=false                              skip the browser measurements of the dashboard
 *   BENCH_PIPELINE=false                               skip the ingest and delivery throughput measurements
 *   BENCH_FLOOD=false                                  skip the flood-control check: 10,000 matching events for one
 *                                                      alert in 40 s, the server killed with SIGKILL three times,
 *                                                      every match accounted for in the receiver's messages (about
 *                                                      two minutes; BENCH_FLOOD_EVENTS, BENCH_FLOOD_SECONDS and
 *                                                      BENCH_FLOOD_QUIET_MINUTES change its size)
 *   BENCH_HOSTILE=false                                skip /healthz latency under deeply nested bodies
 *   BENCH_REPLAY=false                                 skip the replay measurements (BENCH_REPLAY_SECONDS: the
 *                                                      recorded visit's length, default 60)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPostgresUrl } from '../src/server/config.ts';
import { type BenchData, prepareBenchData } from './bench-data.ts';
import { repoRoot, type ServerProcess, startServer } from './children.ts';
import { benchDashboard } from './dashboard.ts';
import { describeDatabaseServer, waitForIdleDatabase } from './database-server.ts';
import { benchHostile } from './hostile.ts';
import { benchFlood } from './flood.ts';
import { benchPipeline } from './pipeline.ts';
import { benchReplay } from './replay.ts';
import { findingScenarios, type Scenario } from './finding-scenarios.ts';
import { type LoadResult, loadTest, positiveEnv } from './load.ts';
import { describeCpu, report, type Throughput } from './sessions-report.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu-usage.ts';
import { MALLOC_TUNABLES } from '../src/server/malloc-tunables.ts';

const CONNECTIONS = 10;
const PAGE_SIZE_DEEP = 100;

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

function databaseUrl(): string {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) return fromEnv;
  const dir = path.join(repoRoot, 'bench', '.data');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, 'bench.db');
}

function scenarios(data: BenchData): Scenario[] {
  // Page 10000 of 100 starts at row 1,000,000: with exactly a million sessions it is past the end, so a
  // deep page that does have rows is measured too (page 9000, or the last full page of a smaller data set).
  const deepPage = Math.max(0, Math.min(9000, Math.floor(data.sessions / PAGE_SIZE_DEEP) - 1));
  return [
    { name: 'first page, no filter', query: '', p99Target: 50 },
    { name: 'email (other case)', query: `email=${encodeURIComponent(data.emailInOtherCase)}`, p99Target: 50 },
    { name: 'visitor_id (busiest)', query: `visitor_id=${encodeURIComponent(data.busiestVisitorId)}`, p99Target: 50 },
    { name: 'date_from TODAY-30DAYS, New York', query: 'date_from=TODAY-30DAYS&tz=America/New_York', p99Target: 50 },
    { name: 'page 10000, size 100', query: `page=10000&size=${PAGE_SIZE_DEEP}`, p99Target: 150 },
    { name: `page ${deepPage}, size 100`, query: `page=${deepPage}&size=${PAGE_SIZE_DEEP}`, p99Target: 150 },
    ...findingScenarios(data),
  ];
}

/** One plain request first: the scenario must answer 200 before its latency means anything. */
async function checkScenario(
  baseUrl: string,
  query: string,
  headers: Record<string, string>,
  path = '/v1/sessions',
): Promise<string> {
  const response = await fetch(`${baseUrl}${path}${query ? `?${query}` : ''}`, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { total?: number; sessions?: unknown[]; visitors?: unknown[]; values?: unknown[] };
  if (body.visitors) return `${body.visitors.length} people`;
  if (body.values) return `${body.values.length} values`;
  return `total ${body.total ?? '?'}, ${body.sessions?.length ?? '?'} on the page`;
}

/**
 * Waits until the database has no statement left running and a one-row list answers promptly twice
 * running: a scenario slower than its load leaves requests queued when its load stops (in the server, or
 * in PostgreSQL while the server's event loop is free), and the next scenario must not be measured
 * behind them.
 */
async function settle(baseUrl: string, headers: Record<string, string>, databaseUrl: string): Promise<void> {
  await waitForIdleDatabase(databaseUrl);
  const deadline = Date.now() + 120_000;
  let prompt = 0;
  while (prompt < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/v1/sessions?size=1`, { headers })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    prompt = performance.now() - started < 50 ? prompt + 1 : 0;
  }
  await waitForIdleDatabase(databaseUrl);
}

/**
 * A load test of `url` on `target`, with what each answered request cost in CPU: the HTTP process, and
 * PostgreSQL's processes when the database is PostgreSQL (on this machine, as the bench runs it).
 */
async function loadWithCpu(
  target: ServerProcess,
  url: string,
  options: { headers: Record<string, string>; durationSeconds: number; postgres: boolean },
): Promise<LoadResult> {
  const counted = { database: options.postgres };
  const before = cpuSnapshot(target.pid, counted);
  const result = await loadTest(url, {
    headers: options.headers,
    connections: CONNECTIONS,
    durationSeconds: options.durationSeconds,
  });
  return { ...result, cpu: cpuPerRequest(before, cpuSnapshot(target.pid, counted), result.requests) };
}

async function measureAll(
  server: ServerProcess,
  list: Scenario[],
  headers: Record<string, string>,
  options: { durationSeconds: number; databaseUrl: string },
): Promise<Map<Scenario, LoadResult | Error>> {
  const results = new Map<Scenario, LoadResult | Error>();
  // A short warm-up, so the first scenario is not the one that pays for JIT compilation and cold caches.
  await loadTest(`${server.baseUrl}/v1/sessions`, { headers, connections: CONNECTIONS, durationSeconds: 1 });
  for (const scenario of list) {
    try {
      const summary = await checkScenario(server.baseUrl, scenario.query, headers, scenario.path);
      console.log(`  ${scenario.name}: ${summary}`);
      const url = `${server.baseUrl}${scenario.path ?? '/v1/sessions'}${scenario.query ? `?${scenario.query}` : ''}`;
      const { durationSeconds, databaseUrl } = options;
      results.set(
        scenario,
        await loadWithCpu(server, url, { headers, durationSeconds, postgres: isPostgresUrl(databaseUrl) }),
      );
      await settle(server.baseUrl, headers, databaseUrl);
    } catch (error) {
      console.log(`  ${scenario.name}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      results.set(scenario, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return results;
}

/**
 * The server under load, scenario by scenario, then its first page and the floor's in alternating rounds
 * (a machine whose speed drifts during the run then weighs on both alike), then the verdicts.
 */
async function benchLoad(
  data: BenchData,
  childEnv: Record<string, string>,
  serverEntry: string,
  durationSeconds: number,
): Promise<void> {
  const headers = { authorization: `Bearer ${data.token}` };
  // BENCH_SCENARIOS=page,people measures only the scenarios whose names contain one of the words (the first
  // page always runs: the floor's comparison needs it).
  const only = (process.env.BENCH_SCENARIOS ?? '').split(',').filter((word) => word !== '');
  const list = scenarios(data).filter(
    (scenario, index) => index === 0 || only.length === 0 || only.some((word) => scenario.name.includes(word)),
  );

  // BENCH_HTTP_WORKERS=2 runs the server, and the floor alike, as that many processes (HTTP_WORKERS).
  const workers = String(positiveEnv('BENCH_HTTP_WORKERS', 1));
  // BENCH_SQLITE_READERS=0 runs the server's SQLite reads on its own thread, as before reader threads.
  const readers = process.env.BENCH_SQLITE_READERS;
  const threads = isPostgresUrl(childEnv.DATABASE_URL ?? '') ? '' : `, SQLite reader threads: ${readers ?? 'default'}`;
  console.log(
    `\nServer (${serverEntry}, ${workers} HTTP process${workers === '1' ? '' : 'es'}${threads}), ${CONNECTIONS} connections, ${durationSeconds} s per scenario:`,
  );
  let results = new Map<Scenario, LoadResult | Error>();
  let throughput: Throughput | Error = new Error('the server did not run');
  let server: ServerProcess | null = null;
  let floorServer: ServerProcess | null = null;
  try {
    const env = {
      ...childEnv,
      PUBLIC_URL: 'http://127.0.0.1',
      HTTP_WORKERS: workers,
      ...(readers === undefined ? {} : { SQLITE_READERS: readers }),
    };
    server = await startServer('server', serverEntry, env);
    results = await measureAll(server, list, headers, { durationSeconds, databaseUrl: childEnv.DATABASE_URL ?? '' });
    console.log('\nFirst page, server and floor (node:http + driver) in turn, two rounds:');
    // The floor runs with the allocator settings the server gives itself (malloc-tunables.ts).
    floorServer = await startServer('floor', 'bench/floor-server.ts', {
      ...env,
      GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? MALLOC_TUNABLES,
    });
    const floorUrl = `${floorServer.baseUrl}/v1/sessions`;
    await loadTest(floorUrl, { connections: CONNECTIONS, durationSeconds: 1 });
    console.log(`  floor first page: ${await checkScenario(floorServer.baseUrl, '', {})}`);
    const rounds: Throughput = { server: [], floor: [] };
    const postgres = isPostgresUrl(childEnv.DATABASE_URL ?? '');
    for (let round = 0; round < 2; round += 1) {
      const own = await loadWithCpu(server, `${server.baseUrl}/v1/sessions`, { headers, durationSeconds, postgres });
      const floor = await loadWithCpu(floorServer, floorUrl, { headers: {}, durationSeconds, postgres });
      console.log(
        `  round ${round + 1}: server ${own.requestsPerSecond.toFixed(0)} req/s, ${describeCpu(own.cpu)}; ` +
          `floor ${floor.requestsPerSecond.toFixed(0)} req/s, ${describeCpu(floor.cpu)}`,
      );
      rounds.server.push(own);
      rounds.floor.push(floor);
    }
    throughput = rounds;
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    console.log(`  failed: ${failure.message}`);
    throughput = failure;
  } finally {
    await server?.stop();
    await floorServer?.stop();
  }
  report(results, throughput);
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const targetSessions = positiveEnv('BENCH_SESSIONS', 1_000_000);
  const durationSeconds = positiveEnv('BENCH_DURATION', 10);
  const serverEntry = process.env.BENCH_SERVER_ENTRY ?? 'src/server/main.ts';
  console.log(`Database: ${isPostgresUrl(url) ? url.replace(/\/\/[^@/]*@/, '//***@') : path.relative(repoRoot, url)}`);
  if (isPostgresUrl(url)) console.log(`  ${await describeDatabaseServer(url)}`);

  const data = await prepareBenchData(url, targetSessions);
  const childEnv = {
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    BENCH_ACCOUNT_ID: data.accountId,
  };
  if (process.env.BENCH_LOAD !== 'false') await benchLoad(data, childEnv, serverEntry, durationSeconds);

  if (process.env.BENCH_DASHBOARD !== 'false') {
    console.log(`\nDashboard (headless Chromium, ${data.sessions.toLocaleString('en-US')} sessions):`);
    try {
      for (const verdict of await benchDashboard(url, data, { ...childEnv, PUBLIC_URL: 'http://127.0.0.1' }))
        console.log(`  ${verdict}`);
    } catch (error) {
      console.log(`  dashboard bench failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (process.env.BENCH_PIPELINE !== 'false') {
    console.log(`\nPipeline (ingest and webhook delivery throughput; load average ${loadAverage()}):`);
    try {
      for (const line of await benchPipeline(url, data, { ...childEnv, PUBLIC_URL: 'http://127.0.0.1' }))
        console.log(`  ${line}`);
    } catch (error) {
      console.log(`  pipeline bench failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (process.env.BENCH_FLOOD !== 'false') {
    console.log(`\nFlood control across kill -9 (load average ${loadAverage()}):`);
    try {
      for (const line of await benchFlood(url, data, { ...childEnv, PUBLIC_URL: 'http://127.0.0.1' }))
        console.log(`  ${line}`);
    } catch (error) {
      console.log(`  flood bench failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (process.env.BENCH_HOSTILE !== 'false') {
    console.log('\nHostile bodies (liveness while deeply nested JSON is refused):');
    try {
      for (const line of await benchHostile(
        serverEntry,
        { ...childEnv, PUBLIC_URL: 'http://127.0.0.1' },
        durationSeconds,
      ))
        console.log(`  ${line}`);
    } catch (error) {
      console.log(`  hostile bench failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (process.env.BENCH_REPLAY !== 'false') {
    console.log(
      `\nReplay (recorder in headless Chromium, long replay, chunk ingestion, timeline; load average ${loadAverage()}):`,
    );
    const recorderSeconds = positiveEnv('BENCH_REPLAY_SECONDS', 60);
    for (const line of await benchReplay(
      url,
      { ...childEnv, PUBLIC_URL: 'http://127.0.0.1' },
      { durationSeconds, recorderSeconds },
    ))
      console.log(`  ${line}`);
  }
}

// A report, not a gate: exit 0 whatever the numbers say, and 1 only when there is no report at all.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
