import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DIR = path.join(ROOT, 'src/api');

/** The OpenAPI document exactly as the server serves it at /v1/openapi.json. */
export async function emitOpenApiDocument(): Promise<string> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: ':memory:', DEMO_DATA: 'false' });
  const database = openDatabase(config.DATABASE_URL);
  const app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Writes openapi.json and the generated client (`client/*.gen.ts`) under `outDir`. */
export async function generateApi(outDir: string): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const documentPath = path.join(outDir, 'openapi.json');
  fs.writeFileSync(documentPath, await emitOpenApiDocument());
  await createClient({
    input: documentPath,
    output: { path: path.join(outDir, 'client'), clean: true },
    logs: { level: 'silent', file: false },
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      '@hey-api/sdk',
      'zod',
      '@tanstack/react-query',
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await generateApi(API_DIR);
  process.stdout.write(`Wrote ${path.relative(ROOT, API_DIR)}/openapi.json and ${path.relative(ROOT, API_DIR)}/client\n`);
}
