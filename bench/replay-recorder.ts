/**
 * What the replay recorder costs a visitor's page: a page of 2,000 elements with the tracker, a scripted
 * visit of scrolling, typing and clicking (BENCH_REPLAY_SECONDS, default 60) in headless Chromium, once on a
 * website that records and once on one that does not. From a Chromium trace of each visit it reports the
 * main-thread long tasks (over 50 ms) in which the recorder's code ran, per minute (target ≤ 50 ms), all long
 * tasks of both visits, and the recorder's own main-thread time; and the compressed bytes the service stored
 * per minute of recording (target ≤ 60 KB). A shared machine stretches tasks: note its load.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { type ServerProcess, startServer } from './children.ts';
import { ensureTrackerBuild, prepareReplayAccount, storedRecordingBytes } from './replay-setup.ts';

const LONG_TASKS_TARGET_MS_PER_MINUTE = 50;
const BYTES_TARGET_PER_MINUTE = 60 * 1024;
const RECORDING_HOST = 'recording.bench.test';
const PLAIN_HOST = 'plain.bench.test';
const ROWS = 400;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** 400 rows of five elements each (row, name, price, input, button): 2,000 elements under <main>. */
function benchPage(trackerSrc: string, publicKey: string): string {
  const rows = Array.from(
    { length: ROWS },
    (_, index) =>
      `<div class="row" id="row-${index}"><span>Item ${index} — ${'lorem ipsum dolor '.repeat(1 + (index % 3))}</span>` +
      `<span class="price">$${(index * 7) % 300}.00</span><input aria-label="Note ${index}">` +
      `<button type="button" data-row="${index}">Select ${index}</button></div>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page</title>
<script async src="${trackerSrc}" data-key="${publicKey}"></script>
<style>.row{display:flex;gap:8px;padding:4px;border-bottom:1px solid #ddd}.row.selected{background:#ffd}</style>
</head><body><h1>Bench page</h1><input id="search" aria-label="Search"><main>${rows}</main>
<script>
document.addEventListener('click', (event) => {
  const row = event.target.getAttribute && event.target.getAttribute('data-row');
  if (row === null) return;
  const element = document.getElementById('row-' + row);
  element.classList.toggle('selected');
  element.querySelector('.price').textContent = '$' + Math.round(Math.random() * 300) + '.00';
});
</script></body></html>`;
}

function startPageServer(appOrigin: string, keys: Record<string, string>): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').split(':')[0] ?? '';
    const key = keys[host];
    if (!key) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(benchPage(`${appOrigin}/t.js`, key));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The same minute for both websites: scroll down and up, type into fields, click rows. */
async function scriptedVisit(page: Page, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (let round = 0; Date.now() < deadline; round++) {
    for (let step = 0; step < 5; step++) {
      await page.mouse.wheel(0, round % 2 === 0 ? 300 : -300);
      await page.waitForTimeout(100);
    }
    const row = (round * 37) % ROWS;
    const button = page.getByRole('button', { name: `Select ${row}`, exact: true });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await page
      .getByRole('textbox', { name: `Note ${row}`, exact: true })
      .pressSequentially('looks good', { delay: 40 });
    await page.mouse.move(200 + (round % 5) * 100, 200 + (round % 3) * 80, { steps: 10 });
    await page.waitForTimeout(300);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Time the thread spent running (CPU), which a loaded machine does not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

interface LongTaskShare {
  /** Long-task time the recorder adds: a whole task it made long, its own part of a task long anyway. */
  addedMs: number;
  tasks: number;
}

interface TraceFigures {
  /** By wall-clock time, as a visitor feels it (and as a shared machine stretches it). */
  wall: LongTaskShare;
  /** By the main thread's CPU time, as an unloaded machine would run the same work. */
  cpu: LongTaskShare;
  longTaskMs: number;
  longTasks: number;
  /** CPU time of the recorder's own calls (script evaluation, callbacks), outside any other of its calls. */
  recorderMs: number;
  /** The longest task (by wall-clock time) in which the recorder's code ran, long or not. */
  longestRecorderTaskMs: number;
}

const LONG_TASK_MS = 50;
const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.compile', 'TimerFire', 'FireIdleCallback']);

function recorderShare(tasks: TraceEvent[], calls: TraceEvent[], length: (event: TraceEvent) => number): LongTaskShare {
  const share: LongTaskShare = { addedMs: 0, tasks: 0 };
  for (const task of tasks) {
    const taskMs = length(task) / 1000;
    if (taskMs <= LONG_TASK_MS) continue;
    const end = task.ts + (task.dur ?? 0);
    const ownMs =
      calls.filter((call) => call.ts >= task.ts && call.ts < end).reduce((sum, call) => sum + length(call), 0) / 1000;
    if (ownMs === 0) continue;
    share.tasks += 1;
    share.addedMs += taskMs - ownMs <= LONG_TASK_MS ? taskMs : ownMs;
  }
  return share;
}

/**
 * Reads a Chromium trace (devtools.timeline) of the page's renderer main thread: its long tasks, the
 * long-task time the recorder (script events with r.js's URL) adds, and the recorder's own time.
 */
function traceFigures(trace: { traceEvents: TraceEvent[] }): TraceFigures {
  const events = trace.traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = events.filter((event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid);
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const calls: TraceEvent[] = [];
  let coveredUntil = 0;
  for (const call of onMain
    .filter((event) => SCRIPT_EVENTS.has(event.name) && (event.args?.data?.url ?? '').endsWith('/r.js'))
    .sort((a, b) => a.ts - b.ts)) {
    if (call.ts < coveredUntil) continue;
    calls.push(call);
    coveredUntil = call.ts + (call.dur ?? 0);
  }
  const long = tasks.filter((task) => (task.dur ?? 0) / 1000 > LONG_TASK_MS);
  const recorderTasks = tasks.filter((task) =>
    calls.some((call) => call.ts >= task.ts && call.ts < task.ts + (task.dur ?? 0)),
  );
  return {
    longestRecorderTaskMs: Math.max(0, ...recorderTasks.map((task) => (task.dur ?? 0) / 1000)),
    wall: recorderShare(tasks, calls, (event) => event.dur ?? 0),
    cpu: recorderShare(tasks, calls, (event) => event.tdur ?? event.dur ?? 0),
    longTaskMs: long.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
    longTasks: long.length,
    recorderMs: calls.reduce((sum, call) => sum + (call.tdur ?? call.dur ?? 0), 0) / 1000,
  };
}

interface VisitResult extends TraceFigures {
  sessionId: string;
  seconds: number;
}

async function measureVisit(page: Page, url: string, seconds: number, recording: boolean): Promise<VisitResult> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const started = Date.now();
  await page.goto(url);
  if (recording) await page.waitForFunction(() => document.querySelector('script[src$="/r.js"]') !== null);
  // Both visits start acting at the same moment after load, whether r.js came or not.
  await page.waitForTimeout(1500);
  await scriptedVisit(page, seconds);
  const elapsed = (Date.now() - started) / 1000;
  const raw = (await browser.stopTracing()).toString('utf8');
  // BENCH_TRACE_DIR keeps each visit's trace, to open in Chromium's performance panel.
  const traceDir = process.env.BENCH_TRACE_DIR;
  if (traceDir) fs.writeFileSync(path.join(traceDir, `recorder-${recording ? 'on' : 'off'}.json`), raw);
  const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
  const sessionId = await page.evaluate(() => (sessionStorage.getItem('sa_session') ?? '').split(' ')[0] ?? '');
  return { ...traceFigures(trace), sessionId, seconds: elapsed };
}

async function waitForStoredBytes(baseUrl: string, token: string, sessionId: string): Promise<number> {
  let last = -1;
  for (let attempt = 0; attempt < 30; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bytes = await storedRecordingBytes(baseUrl, token, sessionId);
    if (bytes > 0 && bytes === last) return bytes;
    last = bytes;
  }
  return last;
}

export async function benchRecorder(url: string, childEnv: Record<string, string>, seconds: number): Promise<string[]> {
  await ensureTrackerBuild();
  const account = await prepareReplayAccount(url, [RECORDING_HOST, PLAIN_HOST]);
  const recordingSite = account.websites[RECORDING_HOST];
  const plainSite = account.websites[PLAIN_HOST];
  if (!recordingSite || !plainSite) throw new Error('the bench websites are missing');
  let server: ServerProcess | null = null;
  let pages: http.Server | null = null;
  try {
    server = await startServer('replay server', 'src/server/main.ts', { ...childEnv, DATABASE_URL: url });
    const off = await fetch(`${server.baseUrl}/v1/websites/${plainSite.id}/recording`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    if (!off.ok) throw new Error(`switching recording off answered ${off.status}`);
    pages = await startPageServer(server.baseUrl, {
      [RECORDING_HOST]: recordingSite.publicKey,
      [PLAIN_HOST]: plainSite.publicKey,
    });
    const port = (pages.address() as AddressInfo).port;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP *.bench.test 127.0.0.1:${port}`],
    });
    try {
      const visit = async (host: string, recording: boolean) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: USER_AGENT });
        const page = await context.newPage();
        const result = await measureVisit(page, `http://${host}/`, seconds, recording);
        await page.close({ runBeforeUnload: true });
        await context.close();
        return result;
      };
      const plain = await visit(PLAIN_HOST, false);
      const recorded = await visit(RECORDING_HOST, true);
      const bytes = await waitForStoredBytes(server.baseUrl, account.token, recorded.sessionId);
      const perMinute = (value: number, result: VisitResult) => (value * 60) / result.seconds;
      const added = perMinute(recorded.wall.addedMs, recorded);
      const addedCpu = perMinute(recorded.cpu.addedMs, recorded);
      const bytesPerMinute = perMinute(bytes, recorded);
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      return [
        `recorder, ${ROWS * 5} elements, ${recorded.seconds.toFixed(0)} s visit: long-task time it adds ` +
          `${added.toFixed(0)} ms/min wall (${recorded.wall.tasks} tasks), ${addedCpu.toFixed(0)} ms/min by CPU time ` +
          `(${recorded.cpu.tasks} tasks) (target ≤ ${LONG_TASKS_TARGET_MS_PER_MINUTE}, ${verdict(addedCpu <= LONG_TASKS_TARGET_MS_PER_MINUTE)} by CPU, ` +
          `${verdict(added <= LONG_TASKS_TARGET_MS_PER_MINUTE)} wall)`,
        `all long tasks: ${perMinute(recorded.longTaskMs, recorded).toFixed(0)} ms/min (${recorded.longTasks}) recording, ` +
          `${perMinute(plain.longTaskMs, plain).toFixed(0)} ms/min (${plain.longTasks}) without; ` +
          `recorder's own CPU time ${perMinute(recorded.recorderMs, recorded).toFixed(0)} ms/min; ` +
          `its longest task ${recorded.longestRecorderTaskMs.toFixed(0)} ms`,
        `recording stored: ${(bytesPerMinute / 1024).toFixed(1)} KB/min compressed ` +
          `(target ≤ ${BYTES_TARGET_PER_MINUTE / 1024}, ${verdict(bytesPerMinute <= BYTES_TARGET_PER_MINUTE)})`,
      ];
    } finally {
      await browser.close();
    }
  } finally {
    pages?.close();
    await server?.stop();
  }
}
