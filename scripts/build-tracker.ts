import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { rrwebRecordPatches } from './rrweb-record-patches.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'src/tracker/tracker.ts');
const RECORDER_ENTRY = path.join(ROOT, 'src/tracker/recorder/recorder.ts');
/** The server serves this file at /t.js. */
export const TRACKER_OUTPUT = path.join(ROOT, 'dist/tracker/t.js');
/** The server serves this file at /r.js; the tracker loads it only for sessions it records. */
export const RECORDER_OUTPUT = path.join(ROOT, 'dist/tracker/r.js');
/** What a page may have to download for the tracker, gzipped. */
export const TRACKER_BUDGET_BYTES = 5 * 1024;
/** What a recorded page downloads on top, gzipped (rrweb's recorder is most of it). */
export const RECORDER_BUDGET_BYTES = 30 * 1024;

/** Bundles the tracker into one minified IIFE for browsers of the last several years (ES2018). */
export function buildTracker(): Promise<string> {
  return bundle(ENTRY);
}

/** Bundles the replay recorder (rrweb's record) the same way. */
export function buildRecorder(): Promise<string> {
  return bundle(RECORDER_ENTRY, [rrwebRecordPatches()]);
}

async function bundle(entry: string, plugins: Plugin[] = []): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2018'],
    legalComments: 'none',
    write: false,
    plugins,
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return output.text;
}

export function gzippedSize(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

function write(name: string, output: string, code: string, budget: number): void {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, code);
  const size = gzippedSize(code);
  const verdict = size <= budget ? 'within' : 'OVER';
  process.stdout.write(
    `${name}: ${path.relative(ROOT, output)}, ${code.length} bytes, ${size} gzipped, ${verdict} the ${budget} budget\n`,
  );
  if (size > budget) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await buildTracker();
  if (process.argv.includes('--stdout')) {
    process.stdout.write(code);
  } else {
    write('Tracker', TRACKER_OUTPUT, code, TRACKER_BUDGET_BYTES);
    write('Recorder', RECORDER_OUTPUT, await buildRecorder(), RECORDER_BUDGET_BYTES);
  }
}
