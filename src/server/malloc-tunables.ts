import { spawn } from 'node:child_process';
import cluster from 'node:cluster';

/**
 * glibc's allocator gives memory back to the system as soon as 128 KB lie free at the top of its heap,
 * and maps each block from its threshold up (128 KB at first) on its own. A page of 100 sessions is about
 * 150 KB of JSON, read from the driver in pieces and written into one Buffer, so each page faulted its
 * memory in anew: at 1,000,000 sessions on PostgreSQL a page of 100 cost the server 3.4–4.2 ms of CPU,
 * and 2.7–3.4 ms with these settings, which keep up to 128 MB of freed memory for the next request and
 * allocate blocks under 4 MB from the heap. The first pages (25 sessions) cost the same either way.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=134217728';

/** Signals the launcher passes on to the server it started. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Whether this process should start the server again with `MALLOC_TUNABLES`: glibc reads them only when
 * a process starts. Only on Linux with glibc, and never when GLIBC_TUNABLES is set already (even empty):
 * that is the operator's own choice.
 */
export function wantsMallocTunables(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  runsOnGlibc: () => boolean,
): boolean {
  return platform === 'linux' && env.GLIBC_TUNABLES === undefined && runsOnGlibc();
}

/** Whether this process runs on glibc (the report names the version it runs). */
export function runsOnGlibc(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return typeof report.header?.glibcVersionRuntime === 'string';
}

/**
 * Starts this same program again with `MALLOC_TUNABLES` when it lacks them, and then only stands by:
 * the server's output is this process's own, the signals that stop it are passed on, and this process
 * exits as the server does. Returns false, and does nothing, when this process should serve itself.
 */
export function relaunchedWithMallocTunables(): boolean {
  if (!wantsMallocTunables(process.env, process.platform, runsOnGlibc)) return false;
  const server = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, GLIBC_TUNABLES: MALLOC_TUNABLES },
    // The channel tells the server when this process is gone, however it ended (stopWhenLauncherGoes).
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const forward = (signal: NodeJS.Signals) => server.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  server.on('exit', (code, signal) => {
    for (const forwarded of FORWARDED_SIGNALS) process.off(forwarded, forward);
    if (signal !== null) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  server.on('error', (error) => {
    process.stderr.write(`could not start the server: ${error.message}\n`);
    process.exit(1);
  });
  return true;
}

/**
 * In a server a launcher started: when the launcher is gone (its channel closes), the server stops as if
 * told to, instead of serving on with nothing to stop it. The channel does not keep the server running.
 */
export function stopWhenLauncherGoes(): void {
  const channel = process.channel;
  if (process.env.GLIBC_TUNABLES !== MALLOC_TUNABLES || channel === undefined || cluster.isWorker) return;
  channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
