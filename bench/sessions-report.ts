/** The load test's report: a table of the scenarios and the floor, then one verdict a target. */
import type { Scenario } from './finding-scenarios.ts';
import type { CpuPerRequest } from './cpu-usage.ts';
import type { LoadResult } from './load.ts';

/** First-page requests per second of the server and of the floor, measured in alternating rounds. */
export interface Throughput {
  server: LoadResult[];
  floor: LoadResult[];
}

/** "620 µs CPU a page (HTTP process 420, PostgreSQL 200)", or "CPU not measured". */
export function describeCpu(cpu: CpuPerRequest | null | undefined): string {
  if (!cpu) return 'CPU not measured';
  const us = (value: number) => value.toFixed(0);
  if (cpu.database === null) return `${us(cpu.process)} µs CPU a page`;
  return `${us(cpu.process + cpu.database)} µs CPU a page (HTTP process ${us(cpu.process)}, PostgreSQL ${us(cpu.database)})`;
}

/** The table's CPU cell: the HTTP process's and the database's CPU a request, summed. */
function cpuCell(cpu: CpuPerRequest | null | undefined): string {
  return cpu ? (cpu.process + (cpu.database ?? 0)).toFixed(0) : '-';
}

function meanCpu(results: LoadResult[]): CpuPerRequest | null {
  const rounds = results.flatMap((result) => (result.cpu ? [result.cpu] : []));
  const first = rounds[0];
  if (!first) return null;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    process: mean(rounds.map((cpu) => cpu.process)),
    database: first.database === null ? null : mean(rounds.map((cpu) => cpu.database ?? 0)),
  };
}

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
    .join('  ');
}

/** Prints the table and the verdicts: each scenario's p99 against its target, and the throughput against the floor. */
export function report(results: Map<Scenario, LoadResult | Error>, throughput: Throughput | Error): void {
  const widths = [44, 8, 8, 8, 10, 9, 12, 7];
  const ms = (value: number) => value.toFixed(1);
  console.log(`\n${row(['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'failures', 'CPU µs/req', 'p99'], widths)}`);
  const verdicts: string[] = [];
  for (const [scenario, result] of results) {
    if (result instanceof Error) {
      console.log(row([scenario.name, '-', '-', '-', '-', '-', '-', 'FAIL'], widths));
      verdicts.push(`FAIL  ${scenario.name}: ${result.message.split('\n')[0]}`);
      continue;
    }
    const pass = result.p99 < scenario.p99Target && result.failures === 0;
    const cells = [
      scenario.name,
      ms(result.p50),
      ms(result.p95),
      ms(result.p99),
      result.requestsPerSecond.toFixed(0),
      String(result.failures),
      cpuCell(result.cpu),
    ];
    console.log(row([...cells, pass ? 'pass' : 'FAIL'], widths));
    const why = result.failures === 0 ? '' : `, ${result.failures} failed requests`;
    verdicts.push(
      `${pass ? 'pass' : 'FAIL'}  ${scenario.name}: p99 ${ms(result.p99)} ms < ${scenario.p99Target} ms${why}`,
    );
  }
  if (throughput instanceof Error) {
    console.log(row(['floor (node:http + driver)', '-', '-', '-', '-', '-', '-', ''], widths));
    verdicts.push(`FAIL  floor did not run: ${throughput.message.split('\n')[0]}`);
  } else {
    for (const floor of throughput.floor) {
      const cells = [
        'floor (node:http + driver)',
        ms(floor.p50),
        ms(floor.p95),
        ms(floor.p99),
        floor.requestsPerSecond.toFixed(0),
        String(floor.failures),
        cpuCell(floor.cpu),
      ];
      console.log(row([...cells, ''], widths));
    }
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const floorTotal = sum(throughput.floor.map((floor) => floor.requestsPerSecond));
    if (floorTotal > 0) {
      const ratio = sum(throughput.server.map((own) => own.requestsPerSecond)) / floorTotal;
      console.log(`\nFirst page: server/floor throughput = ${(ratio * 100).toFixed(0)}% (alternating rounds)`);
      const [server, floor] = [meanCpu(throughput.server), meanCpu(throughput.floor)];
      if (server && floor) {
        // Where the two differ: the HTTP process's own work, or the database's.
        console.log(`CPU a first page, mean of the rounds: server ${describeCpu(server)}; floor ${describeCpu(floor)}`);
      }
      verdicts.push(
        `${ratio >= 0.85 ? 'pass' : 'FAIL'}  first-page throughput ${(ratio * 100).toFixed(0)}% of the floor (target >= 85%)`,
      );
    }
  }
  console.log(`\nTargets:\n  ${verdicts.join('\n  ')}`);
}
