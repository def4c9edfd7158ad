import fs from 'node:fs';
import path from 'node:path';
import { STATIC_ENCODINGS, type StaticEncoding, compressedCopies } from '../src/server/http/static-compression.ts';

/** Text the dashboard serves; source maps are left as they are (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const EXTENSIONS: Record<StaticEncoding, string> = { br: '.br', gzip: '.gz' };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * Writes `file.br` and `file.gz` beside each text file of a build (static-compression.ts), once, so the
 * server sends them to browsers that accept them without compressing per request. Returns the files it
 * compressed.
 */
export function precompressDirectory(dir: string): string[] {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
  for (const file of files) {
    const copies = compressedCopies(fs.readFileSync(file));
    for (const encoding of STATIC_ENCODINGS) {
      const copy = copies[encoding];
      if (copy) fs.writeFileSync(`${file}${EXTENSIONS[encoding]}`, copy);
    }
  }
  return files;
}
