import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openDatabase } from '../src/server/db/database.ts';
import { createUser } from '../src/server/features/users/users.service.ts';
import type { BenchData } from './bench-data.ts';
import { repoRoot, type ServerProcess, startServer } from './children.ts';

const SIGN_IN_TARGET_MS = 800;
const FIRST_PAGE_TARGET_MS = 1000;
const DRAWER_TARGET_MS = 150;
const FILTER_CHANGE_TARGET_MS = 200;
const ROUNDS = 7;
const PRESETS = ['Last 7 days', 'Last 30 days', 'This month', 'All time'];

/** Builds the dashboard into dist/web when it is missing. */
export function ensureWebBuild(): void {
  if (fs.existsSync(path.join(repoRoot, 'dist/web/index.html'))) return;
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor({ state: 'attached' });
}

/** From pressing "Sign in" on a fresh page until the sessions grid shows its first row. */
async function timeSignIn(page: Page, baseUrl: string, email: string, password: string): Promise<number> {
  await page.context().clearCookies();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  const started = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('grid').getByRole('row').nth(1).waitFor();
  return performance.now() - started;
}

/** From a click on a row until the drawer shows that session's details (its slide may still be finishing). */
async function timeDrawerOpen(page: Page, baseUrl: string, row: number): Promise<number> {
  if (!page.url().startsWith(`${baseUrl}/sessions`)) await page.goto(`${baseUrl}/sessions`);
  const cell = page.getByRole('grid').getByRole('row').nth(row).getByRole('gridcell').first();
  await cell.hover();
  await page.waitForTimeout(200);
  await armStopwatch(page, 'drawer');
  await cell.click();
  const elapsed = await readStopwatch(page);
  const drawer = page.getByRole('dialog', { name: 'Session details' });
  await drawer.getByText('Rage clicks').first().waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  return elapsed;
}

/** Navigation to /sessions until the grid shows its first row. */
async function timeFirstPage(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/alerts`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const started = performance.now();
  await page.goto(`${baseUrl}/sessions`);
  await page.getByRole('grid').getByRole('row').nth(1).waitFor();
  return performance.now() - started;
}

/**
 * Arms a stopwatch inside the page: it starts at the next click's event time and stops at the animation
 * frame after `shown` first holds, so neither Playwright's own click handling nor its polling is counted.
 * `shown` is `filter` (the summary line changed from `before` and the grid has rows) or `drawer` (the
 * session's details are in the drawer).
 */
async function armStopwatch(page: Page, shown: 'filter' | 'drawer', before = ''): Promise<void> {
  // Plain JavaScript: tsx names the functions it compiles with a helper that does not exist in the page.
  await page.evaluate(`(() => {
    const shown = ${JSON.stringify(shown)};
    const before = ${JSON.stringify(before)};
    const summary = [...document.querySelectorAll('p, span, div')].find(
      (node) => node.childElementCount === 0 && node.textContent.startsWith('Showing '),
    );
    function holds() {
      if (shown === 'filter')
        return summary !== undefined && summary.isConnected && summary.textContent !== before &&
          document.querySelectorAll('[role="grid"] [role="row"]').length > 1;
      return [...document.querySelectorAll('[role="dialog"]')].some((dialog) => dialog.textContent.includes('Rage clicks'));
    }
    window.benchElapsed = new Promise((resolve) => {
      let started = 0;
      document.addEventListener('click', (event) => { started = event.timeStamp; }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (started === 0 || !holds()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - started));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  })()`);
}

const readStopwatch = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchElapsed: Promise<number> }).benchElapsed);

/** Choosing a date preset until the grid shows the rows and range the server answered with. */
async function timeFilterChange(page: Page, preset: string): Promise<number> {
  const summary = page.getByText(/^Showing /).first();
  const before = (await summary.textContent()) ?? '';
  await page.getByRole('combobox', { name: 'Dates' }).click();
  const option = page.getByRole('option', { name: preset, exact: true });
  await option.waitFor();
  await armStopwatch(page, 'filter', before);
  await option.click();
  return readStopwatch(page);
}

/** The dashboard half of the benchmark: real Chromium against the real server on the bench database. */
export async function benchDashboard(url: string, data: BenchData, env: Record<string, string>): Promise<string[]> {
  ensureWebBuild();
  const email = `bench-${Date.now()}@bench.example`;
  const handle = openDatabase(url, { poolSize: 2 });
  const { password } = await createUser(handle.db, data.accountId, { email, role: 'analyst', name: 'Bench' });
  await handle.close();

  let server: ServerProcess | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    server = await startServer('dashboard', 'src/server/main.ts', { ...env, DELIVERY_WORKER: 'false' });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const signIns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      signIns.push(await timeSignIn(page, server.baseUrl, email, password));
    await signIn(page, server.baseUrl, email, password);
    await timeFirstPage(page, server.baseUrl);
    const firstPage: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) firstPage.push(await timeFirstPage(page, server.baseUrl));
    const filter: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      filter.push(await timeFilterChange(page, PRESETS[round % PRESETS.length] ?? 'All time'));
    const drawer: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      drawer.push(await timeDrawerOpen(page, server.baseUrl, 1 + (round % 5)));
    const line = (label: string, values: number[], target: number) =>
      `${median(values) <= target && Math.max(...values) <= target * 1.5 ? 'pass' : 'FAIL'}  ${label}: median ${median(values).toFixed(0)} ms, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)} ms over ${values.length} rounds (target ${target} ms)`;
    return [
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} at the end (the timings are only comparable on a quiet machine)`,
      line('sign-in to the first rows of sessions', signIns, SIGN_IN_TARGET_MS),
      line('sessions table, first page after navigation', firstPage, FIRST_PAGE_TARGET_MS),
      line('sessions table, date preset change', filter, FILTER_CHANGE_TARGET_MS),
      line('session drawer open, full record shown', drawer, DRAWER_TARGET_MS),
    ];
  } finally {
    await browser.close();
    await server?.stop();
  }
}
