/**
 * The admin CLI's real entry, run in a child process (tsx src/server/cli.ts, as `npm run cli` does): one smoke
 * test that it prints its result and exits with the right code.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Run, SLOW, expectOneLine } from './cli-fixtures.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The binary `npx tsx` resolves to; called directly to spare npm's start-up on every command. */
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'src', 'server', 'cli.ts');

function spawnCli(databaseUrl: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('admin CLI entry', () => {
  it(
    'runs as a program: one line on stdout and exit code 0, a failure on stderr and exit code 1',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cli-spawn-'));
      try {
        const file = path.join(dir, 'cli.db');
        const created = await spawnCli(file, ['accounts', 'create', '--name', 'Spawned']);
        expect(expectOneLine(created, ['accounts', 'create'])).toMatch(/^acc_/);
        const failed = await spawnCli(file, ['accounts', 'create']);
        expect(failed.code).toBe(1);
        expect(failed.stdout).toBe('');
        expect(failed.stderr).toContain('--name is required');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
