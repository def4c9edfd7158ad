import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the build reads: a change in any of these (tests aside) means dist/ is stale. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
  'package-lock.json',
  'scripts/build-tracker.ts',
  'scripts/check-bundle-size.ts',
];
export const BUILD_STAMP = 'dist/.build-stamp';
/** Files a finished build leaves behind; without them the stamp is not trusted. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];

function listFiles(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .flatMap((name) => listFiles(root, path.posix.join(entry, name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** One hash over the paths and contents of every build input, in a stable order. */
export function hashBuildInputs(root: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((entry) => listFiles(root, entry)).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ was not built from the sources as they are now. */
export function needsBuild(root: string): boolean {
  if (BUILD_OUTPUTS.some((file) => !fs.existsSync(path.join(root, file)))) return true;
  const stamp = path.join(root, BUILD_STAMP);
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8').trim() !== hashBuildInputs(root);
}

/** Records the hash of the inputs a build was started from (taken before it ran, so edits during it count). */
export function writeBuildStamp(root: string, inputsHash: string): void {
  fs.writeFileSync(path.join(root, BUILD_STAMP), `${inputsHash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = process.cwd();
  if (needsBuild(root)) {
    const inputsHash = hashBuildInputs(root);
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeBuildStamp(root, inputsHash);
  } else {
    process.stdout.write('The build in dist/ is up to date with the sources; not rebuilding.\n');
  }
}
