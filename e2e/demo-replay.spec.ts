import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect, seriousViolations, test } from './support/fixtures.ts';

interface DemoServer {
  origin: string;
  password: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server on an empty database, as a newcomer first runs it; resolves once it has told the demo password. */
async function startFreshDemo(dir: string): Promise<DemoServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: path.join(dir, 'demo.db'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DEMO_DATA: 'true',
      DELIVERY_WORKER: 'false',
      RETENTION_WORKER: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const password = await new Promise<string>((resolve, reject) => {
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const told = /with password (\S+)/.exec(stderr)?.[1];
      if (told) resolve(told);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}: ${stderr}`)));
  });
  return {
    origin,
    password,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    },
  };
}

test('a fresh demo start has sessions whose replay plays the recorded shop', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-demo-e2e-'));
  const demo = await startFreshDemo(dir);
  try {
    await page.goto(`${demo.origin}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.example');
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();

    await page.goto(`${demo.origin}/sessions`);
    const recordedRow = page
      .getByRole('grid')
      .getByRole('row')
      .filter({ has: page.getByRole('img', { name: 'Has a replay' }) })
      .first();
    await expect(recordedRow).toBeVisible({ timeout: 20_000 });
    await recordedRow.getByRole('gridcell').first().click();
    await page.getByRole('link', { name: 'Open session page' }).click();

    const player = page.getByRole('region', { name: 'Session replay' });
    await expect(player.frameLocator('iframe').getByRole('heading', { name: 'Demo Shop' })).toBeVisible({
      timeout: 20_000,
    });
    const events = page.getByRole('list', { name: 'Events' }).getByRole('button');
    await expect(events.first()).toBeVisible();

    // The player is as long as the whole recording, not its first chunk: the last click is within it.
    const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const clock = player.getByText(/^\d+:\d\d \/ \d+:\d\d$/);
    await expect(clock).toBeVisible();
    const clicks = (await events.allInnerTexts())
      .filter((text) => /Click/.test(text))
      .map((text) => seconds(text.split('\n')[0] ?? ''));
    expect(clicks.length).toBeGreaterThan(0);
    await expect
      .poll(async () => seconds((await clock.innerText()).split(' / ')[1] ?? ''))
      .toBeGreaterThanOrEqual(Math.max(...clicks) - 1);
    // The page around the replay; the replayed shop in its frame is the website's own.
    expect(await seriousViolations(page, ['.replayer-wrapper iframe']), 'session page').toEqual([]);
  } finally {
    await demo.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
