import crypto from 'node:crypto';
import fs from 'node:fs';

export interface TrackerScript {
  body: Buffer;
  etag: string;
}

/**
 * Reads the built tracker (`npm run build:tracker` writes it) on first use and keeps it; null while
 * the file does not exist, so a server started before the build picks it up once it is there.
 */
export function trackerScriptLoader(file: string): () => TrackerScript | null {
  let cached: TrackerScript | null = null;
  return () => {
    if (cached) return cached;
    if (!fs.existsSync(file)) return null;
    const body = fs.readFileSync(file);
    cached = { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    return cached;
  };
}
