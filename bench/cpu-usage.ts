/**
 * CPU time spent by processes during a measurement, read from Linux's /proc: what each answered request
 * cost the HTTP process (its workers included) and the database server's processes. Elsewhere there is
 * no /proc and the figures are left out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  pid: number;
  ppid: number;
  command: string;
  /** User and system time, in clock ticks. */
  ticks: number;
}

function readStat(pid: string): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command is in parentheses and may itself hold spaces or parentheses.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid: Number(pid),
      ppid: Number(fields[1]),
      command: text.slice(text.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

function allStats(): ProcStat[] | null {
  let names: string[];
  try {
    names = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  return names.map(readStat).filter((stat): stat is ProcStat => stat !== null);
}

/** `pid` and every process started under it, however deep (the server under its launcher, its HTTP workers). */
function withDescendants(stats: readonly ProcStat[], pid: number): ProcStat[] {
  const family = new Set([pid]);
  let grown = true;
  while (grown) {
    grown = false;
    for (const stat of stats) {
      if (!family.has(stat.pid) && family.has(stat.ppid)) {
        family.add(stat.pid);
        grown = true;
      }
    }
  }
  return stats.filter((stat) => family.has(stat.pid));
}

/**
 * CPU seconds used so far by `pid` and the processes under it, and, with `database`, by every PostgreSQL
 * server process (null otherwise); null without /proc.
 */
export function cpuSnapshot(pid: number, options: { database: boolean }): CpuSeconds | null {
  const stats = allStats();
  if (!stats) return null;
  const seconds = (from: ProcStat[]) => from.reduce((sum, stat) => sum + stat.ticks, 0) / clockTicks();
  return {
    process: seconds(withDescendants(stats, pid)),
    database: options.database ? seconds(stats.filter((stat) => stat.command === 'postgres')) : null,
  };
}

interface CpuSeconds {
  process: number;
  database: number | null;
}

/** Microseconds of CPU per request between two snapshots; `database` is null when it was not counted. */
export type CpuPerRequest = CpuSeconds;

export function cpuPerRequest(
  before: CpuSeconds | null,
  after: CpuSeconds | null,
  requests: number,
): CpuPerRequest | null {
  if (!before || !after || requests <= 0) return null;
  const perRequest = (spent: number) => (spent * 1e6) / requests;
  return {
    process: perRequest(after.process - before.process),
    database: before.database === null || after.database === null ? null : perRequest(after.database - before.database),
  };
}
