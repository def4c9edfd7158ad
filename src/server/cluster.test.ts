import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES } from './malloc-tunables.ts';
import { MAIN, alive, followLog, getOnNewConnection, listeningPids } from './test/server-process.ts';

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
          // Started as its launcher would start it (malloc-tunables.test.ts), so this process is the primary.
          GLIBC_TUNABLES: MALLOC_TUNABLES,
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
