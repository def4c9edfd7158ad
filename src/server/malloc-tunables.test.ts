import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES, runsOnGlibc, wantsMallocTunables } from './malloc-tunables.ts';
import { MAIN, alive, followLog, getOnNewConnection, listeningPids } from './test/server-process.ts';

describe('wantsMallocTunables', () => {
  const glibc = () => true;

  it('wants them on Linux with glibc when GLIBC_TUNABLES is not set', () => {
    expect(wantsMallocTunables({}, 'linux', glibc)).toBe(true);
  });

  it("leaves GLIBC_TUNABLES that are set, even empty, to the operator, without asking for glibc's version", () => {
    let asked = false;
    const glibcAsked = () => {
      asked = true;
      return true;
    };
    expect(wantsMallocTunables({ GLIBC_TUNABLES: '' }, 'linux', glibcAsked)).toBe(false);
    expect(wantsMallocTunables({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux', glibcAsked)).toBe(false);
    expect(asked).toBe(false);
  });

  it('does nothing on another C library or system', () => {
    expect(wantsMallocTunables({}, 'linux', () => false)).toBe(false);
    expect(wantsMallocTunables({}, 'darwin', glibc)).toBe(false);
    expect(wantsMallocTunables({}, 'win32', glibc)).toBe(false);
  });
});

const onGlibc = process.platform === 'linux' && runsOnGlibc();

async function waitUntilGone(pid: number): Promise<void> {
  const started = Date.now();
  while (alive(pid)) {
    if (Date.now() - started > 20_000) throw new Error(`process ${pid} still runs after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(onGlibc)('the server started without GLIBC_TUNABLES on Linux with glibc', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-malloc-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function start(env: Record<string, string>): ChildProcessByStdio<null, Readable, Readable> {
    const { GLIBC_TUNABLES: _inherited, ...inherited } = process.env;
    return spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...inherited,
        DATABASE_URL: path.join(dir, 'server.db'),
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        DELIVERY_WORKER: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  async function listening(child: ChildProcessByStdio<null, Readable, Readable>) {
    const log = followLog(child);
    await log.until((lines) => listeningPids(lines).size === 1);
    const line = log.lines.find((one) => one.msg.startsWith('Server listening at'));
    return { pid: line?.pid ?? 0, port: Number(/:(\d+)$/.exec(line?.msg ?? '')?.[1]) };
  }

  const exitOf = (child: ChildProcessByStdio<null, Readable, Readable>) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );

  it(
    'serves from a process of its own started with the allocator settings, and stops it on SIGTERM with its exit code',
    { timeout: 60_000 },
    async () => {
      const launcher = start({});
      const exited = exitOf(launcher);
      try {
        const server = await listening(launcher);
        expect(server.pid).not.toBe(launcher.pid);
        const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
        expect(Number(/^PPid:\s+(\d+)/m.exec(status)?.[1])).toBe(launcher.pid);
        // glibc may cut the variable at its first ":" as it reads it, so only its start is compared.
        const environ = fs.readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
        const [firstTunable] = MALLOC_TUNABLES.split(':');
        expect(environ.some((variable) => variable.startsWith(`GLIBC_TUNABLES=${firstTunable}`))).toBe(true);
        expect(await getOnNewConnection(server.port, '/healthz')).toBe(200);
        launcher.kill('SIGTERM');
        expect(await exited).toEqual({ code: 0, signal: null });
        await waitUntilGone(server.pid);
      } finally {
        if (launcher.exitCode === null) launcher.kill('SIGKILL');
      }
    },
  );

  it('stops when its launcher is killed outright', { timeout: 60_000 }, async () => {
    const launcher = start({});
    const exited = exitOf(launcher);
    const server = await listening(launcher);
    launcher.kill('SIGKILL');
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
    await waitUntilGone(server.pid);
  });

  it('serves in the process started when GLIBC_TUNABLES is set, even empty', { timeout: 60_000 }, async () => {
    const child = start({ GLIBC_TUNABLES: '' });
    const exited = exitOf(child);
    try {
      const server = await listening(child);
      expect(server.pid).toBe(child.pid);
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
