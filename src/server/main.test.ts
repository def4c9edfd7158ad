import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

describe('the server on first start with demo data', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-main-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    'tells the demo password and token on stderr as plain text, never on the JSON log stream',
    { timeout: 180_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          DATABASE_URL: path.join(dir, 'demo.db'),
          PORT: '0',
          HOST: '127.0.0.1',
          DEMO_DATA: 'true',
          DELIVERY_WORKER: 'false',
          LOG_LEVEL: 'trace',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      // Either stream may carry the welcome: the assertions below say which one must.
      const welcomed = () => /Admin API token \(shown once\): \S+\n[\s\S]*Try: .*\n/.test(stdout + stderr);
      const told = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (welcomed()) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (welcomed()) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}: ${stderr}`)));
      });
      try {
        await told;
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('close', resolve));
      }

      const token = /Admin API token \(shown once\): (\S+)/.exec(stderr)?.[1] ?? '';
      const password = /with password (\S+)/.exec(stderr)?.[1] ?? '';
      expect(token).toMatch(/^sa_[0-9A-Za-z]{40}$/);
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(stderr).toContain('admin@demo.example');

      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(stdout).not.toContain(token);
      expect(stdout).not.toContain(password);
    },
  );
});
