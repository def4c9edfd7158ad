import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial JavaScript (entry plus what it preloads), gzipped, that the dashboard may ship. */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

export interface BundleReport {
  initialBytes: number;
  rows: { file: string; gzipBytes: number; initial: boolean }[];
}

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Measures every script of a Vite build and marks those the first page load needs. */
export function measureBundle(webRoot: string): BundleReport {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  const assets = path.join(webRoot, 'assets');
  const rows = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const file = `assets/${name}`;
      return { file, gzipBytes: gzipSize(path.join(webRoot, file)), initial: initial.has(file) };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzipBytes - a.gzipBytes);
  const initialBytes = rows.filter((row) => row.initial).reduce((sum, row) => sum + row.gzipBytes, 0);
  return { initialBytes, rows };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const report = measureBundle(path.resolve('dist/web'));
  for (const row of report.rows) {
    process.stdout.write(`${row.initial ? 'initial' : 'lazy   '}  ${kb(row.gzipBytes).padStart(9)}  ${row.file}\n`);
  }
  const verdict = report.initialBytes <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
  process.stdout.write(
    `Initial JavaScript: ${kb(report.initialBytes)} gzipped, ${verdict} the ${kb(INITIAL_JS_BUDGET_BYTES)} budget\n`,
  );
  if (report.initialBytes > INITIAL_JS_BUDGET_BYTES) process.exitCode = 1;
}
