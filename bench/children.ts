import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
const running = new Set<ChildProcess>();

// Whatever way the bench ends, it must not leave servers listening behind it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

export interface ServerProcess {
  baseUrl: string;
  /**
   * The process started. The server may run under it (on Linux with glibc it starts itself again), and
   * with HTTP_WORKERS its workers under that: cpu-usage.ts counts them all.
   */
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL at once, as a crash would: no shutdown hook runs. Resolves once the process is gone. */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Runs a TypeScript or JavaScript entry file under Node (TypeScript through tsx) and waits for GET /readyz.
 * `port` keeps one address across restarts (default: a free one).
 */
export async function startServer(
  label: string,
  entry: string,
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
