import type { ChildProcessByStdio } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The server's entry, as `npm start` runs it built. */
export const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

export interface LogLine {
  pid: number;
  msg: string;
  req?: { url: string };
}

/** The server's JSON log, line by line, with a way to wait for a line. */
export function followLog(child: ChildProcessByStdio<null, Readable, Readable>) {
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

export const listeningPids = (lines: LogLine[]) =>
  new Set(lines.filter((line) => line.msg.startsWith('Server listening at')).map((line) => line.pid));

/** Whether a process of this id still runs. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** GET on a connection of its own, so each request may reach another process. */
export function getOnNewConnection(port: number, requestPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: requestPath, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}
