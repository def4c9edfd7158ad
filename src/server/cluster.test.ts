import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

interface LogLine {
  pid: number;
  msg: string;
  req?: { url: string };
}

/** The server's JSON log, line by line, with a way to wait for a line. */
function followLog(child: ChildProcessByStdio<null, Readable, Readable>) {
  const lines: LogLine[] = [];
  const waiters: { test: (lines: LogLine[]) => boolean; resolve: () => void }[] = [];
  let rest = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const complete = text.split('\n');
    rest = complete.pop() ?? '';
    for (const line of complete) if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
    for (const waiter of [...waiters]) {
      if (waiter.test(lines)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const until = (test: (lines: LogLine[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (test(lines)) resolve();
      else waiters.push({ test, resolve });
      child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}: ${stderr}`)));
    });
  return { lines, until };
}

const listeningPids = (lines: LogLine[]) =>
  new Set(lines.filter((line) => line.msg.startsWith('Server listening at')).map((line) => line.pid));

/** GET on a connection of its own, so each request may reach another process. */
function getOnNewConnection(port: number, requestPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: requestPath, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server as several HTTP processes (HTTP_WORKERS)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cluster-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    'shares one port between the processes, starts a dead one again and drains them all on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          DATABASE_URL: path.join(dir, 'cluster.db'),
          HTTP_WORKERS: '2',
          PORT: '0',
          HOST: '127.0.0.1',
          DEMO_DATA: 'false',
          DELIVERY_WORKER: 'false',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const log = followLog(child);
        await log.until((lines) => listeningPids(lines).size === 2);
        const listening = log.lines.find((line) => line.msg.startsWith('Server listening at'));
        const port = Number(/:(\d+)$/.exec(listening?.msg ?? '')?.[1]);
        expect(port).toBeGreaterThan(0);
        const workers = [...listeningPids(log.lines)];
        expect(workers).not.toContain(child.pid);

        // Connections go to the processes in turn: both answer.
        const statuses = await Promise.all(Array.from({ length: 12 }, () => getOnNewConnection(port, '/readyz')));
        expect(statuses.every((status) => status === 200)).toBe(true);
        await log.until((lines) => lines.filter((line) => line.req?.url === '/readyz').length === 12);
        const served = new Set(log.lines.filter((line) => line.req?.url === '/readyz').map((line) => line.pid));
        expect(served).toEqual(new Set(workers));

        // A process that dies is replaced, and the server keeps answering on the same port.
        process.kill(workers[0] as number, 'SIGKILL');
        await log.until((lines) => listeningPids(lines).size === 3);
        const replacement = [...listeningPids(log.lines)].find((pid) => !workers.includes(pid)) as number;
        expect(log.lines.some((line) => line.pid === child.pid && /exited; starting it again/.test(line.msg))).toBe(
          true,
        );
        expect(await getOnNewConnection(port, '/healthz')).toBe(200);

        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(alive(workers[1] as number)).toBe(false);
        expect(alive(replacement)).toBe(false);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
