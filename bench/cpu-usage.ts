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

/** CPU seconds used so far by `pid` and its children, and by every PostgreSQL server process; null without /proc. */
export function cpuSnapshot(pid: number): { process: number; database: number } | null {
  const stats = allStats();
  if (!stats) return null;
  const seconds = (ticks: number) => ticks / clockTicks();
  const own = stats.filter((stat) => stat.pid === pid || stat.ppid === pid);
  const database = stats.filter((stat) => stat.command === 'postgres');
  return {
    process: seconds(own.reduce((sum, stat) => sum + stat.ticks, 0)),
    database: seconds(database.reduce((sum, stat) => sum + stat.ticks, 0)),
  };
}

/** Microseconds of CPU per request between two snapshots. */
export interface CpuPerRequest {
  process: number;
  database: number;
}

export function cpuPerRequest(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  requests: number,
): CpuPerRequest | null {
  if (!before || !after || requests <= 0) return null;
  return {
    process: ((after.process - before.process) * 1e6) / requests,
    database: ((after.database - before.database) * 1e6) / requests,
  };
}
