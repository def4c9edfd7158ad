import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The file of the module `name` beside the module at `importMetaUrl`, with that module's own extension:
 * built, the program's modules are .js files; run from source (tsx, tests) they are .ts.
 */
export function siblingModule(importMetaUrl: string, name: string): string {
  const here = fileURLToPath(importMetaUrl);
  return path.join(path.dirname(here), `${name}${path.extname(here)}`);
}

/**
 * Starts a thread running the module `file` with `workerData`. A .ts module is loaded through tsx, and
 * one that fails to load is thrown again outside the promise, so the thread stops with its error.
 */
export function startModuleThread(file: string, workerData: unknown): Worker {
  if (!file.endsWith('.ts')) return new Worker(file, { workerData });
  const source = JSON.stringify(pathToFileURL(file).href);
  const load = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`;
  return new Worker(`${load}.catch((error) => setImmediate(() => { throw error; }));`, { eval: true, workerData });
}
