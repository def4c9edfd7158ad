import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('npm start', () => {
  it('runs the file the server build emits for src/server/main.ts', () => {
    const scripts = readJson('package.json').scripts as Record<string, string>;
    const options = (readJson('tsconfig.server.json').compilerOptions ?? {}) as { rootDir: string; outDir: string };
    const emitted = path.join(options.outDir, path.relative(options.rootDir, 'src/server/main.ts')).replace(/\.ts$/, '.js');
    expect(scripts.start).toContain(`node ${emitted}`);
    expect(scripts.start).toMatch(/^npm run build && /);
    expect(scripts.build).toContain('tsc -p tsconfig.server.json');
  });
});
