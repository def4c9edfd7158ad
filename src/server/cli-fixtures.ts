/**
 * What the admin CLI suites share: a command run in process through `runCli` against a SQLite file, the one
 * line a successful command prints, and a temp SQLite file per suite with the real app built on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from './app.ts';
import { runCli } from './cli-run.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';

export const APP_ORIGIN = 'https://app.example.test';
export const SLOW = 180_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one command in process against `databaseUrl`, collecting what it prints. */
export async function cli(databaseUrl: string, args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** A successful command prints one line, its result, on stdout. */
export function expectOneLine(run: Run, args: string[]): string {
  expect(run.code, `${args.join(' ')}\nstderr: ${run.stderr}`).toBe(0);
  expect(run.stdout.endsWith('\n')).toBe(true);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines, run.stdout).toHaveLength(1);
  return lines[0] ?? '';
}

/**
 * A temp SQLite file for the suite, removed after it: `run` runs a command against it, and `openApp` gives
 * the app and a handle on the database the CLI wrote, opened once the CLI has created what they need.
 */
export function cliDatabaseFile() {
  let dir: string;
  let file: string;

  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  async function openApp(): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
    if (!app || !database) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        PUBLIC_URL: APP_ORIGIN,
        DATABASE_URL: file,
      });
      database = openDatabase(config.DATABASE_URL, { poolSize: 2 });
      app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
      await app.ready();
    }
    return { app, database };
  }

  const run = (...args: string[]) => cli(file, args);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cli-'));
    file = path.join(dir, 'cli.db');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  return {
    get file() {
      return file;
    },
    run,
    openApp,
  };
}
