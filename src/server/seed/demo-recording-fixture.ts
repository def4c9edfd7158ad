import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A visit recorded once on the demo shop (scripts/demo-replays), as stored: its rrweb chunks gzip-compressed
 * and its tracker events. Times are milliseconds from the recording's first frame, so the demo can place the
 * visit at any moment; URLs name the shop as `https://shop.demo.com`.
 */
export interface DemoRecordingFixture {
  name: string;
  /** The session's counters and pages as the service recorded them. */
  session: {
    entry_path: string;
    end_path: string;
    duration_ms: number;
    active_time: number;
    page_views: number;
    clicks: number;
    error_clicks: number;
    rage_clicks: number;
    error_logs: number;
    net_errors: number;
    resolution_width: number;
    resolution_height: number;
  };
  events: { kind: number; at_ms: number; data: string }[];
  chunks: { index: number; raw_bytes: number; first_at_ms: number; last_at_ms: number; gzip_base64: string }[];
}

export const DEMO_FIXTURE_ORIGIN = 'https://shop.demo.com';

/** src/server/seed/demo-recordings under the package root, whether this file runs from src (tsx) or dist. */
export function demoRecordingsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'src/server/seed/demo-recordings');
}

/** The bundled recordings, in file-name order; none when the folder is missing (a trimmed install). */
export function loadDemoRecordings(dir = demoRecordingsDir()): DemoRecordingFixture[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as DemoRecordingFixture);
}
