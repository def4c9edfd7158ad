import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'src/tracker/tracker.ts');
/** The server serves this file at /t.js. */
export const TRACKER_OUTPUT = path.join(ROOT, 'dist/tracker/t.js');
/** What a page may have to download for the tracker, gzipped. */
export const TRACKER_BUDGET_BYTES = 5 * 1024;

/** Bundles the tracker into one minified IIFE for browsers of the last several years (ES2018). */
export async function buildTracker(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2018'],
    legalComments: 'none',
    write: false,
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return output.text;
}

export function gzippedSize(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await buildTracker();
  if (process.argv.includes('--stdout')) {
    process.stdout.write(code);
  } else {
    fs.mkdirSync(path.dirname(TRACKER_OUTPUT), { recursive: true });
    fs.writeFileSync(TRACKER_OUTPUT, code);
    const size = gzippedSize(code);
    const verdict = size <= TRACKER_BUDGET_BYTES ? 'within' : 'OVER';
    process.stdout.write(
      `Tracker: ${path.relative(ROOT, TRACKER_OUTPUT)}, ${code.length} bytes, ${size} gzipped, ${verdict} the ${TRACKER_BUDGET_BYTES} budget\n`,
    );
    if (size > TRACKER_BUDGET_BYTES) process.exitCode = 1;
  }
}
