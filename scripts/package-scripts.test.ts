import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashBuildInputs, needsBuild, writeBuildStamp } from './build-if-changed.ts';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('npm start', () => {
  it('builds only when needed, then runs the file the server build emits for src/server/main.ts', () => {
    const scripts = readJson('package.json').scripts as Record<string, string>;
    const options = (readJson('tsconfig.server.json').compilerOptions ?? {}) as { rootDir: string; outDir: string };
    const emitted = path
      .join(options.outDir, path.relative(options.rootDir, 'src/server/main.ts'))
      .replace(/\.ts$/, '.js');
    expect(scripts.start).toBe(`tsx scripts/build-if-changed.ts && node ${emitted}`);
    expect(scripts.build).toContain('tsc -p tsconfig.server.json');
  });
});

describe('build-if-changed', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const built = () => {
    write('dist/server/main.js', '');
    write('dist/web/index.html', '');
    writeBuildStamp(dir, hashBuildInputs(dir));
  };

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function project() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    write('src/web/main.tsx', 'render()');
    write('src/web/main.test.tsx', 'test()');
    write('index.html', '<html></html>');
    write('package-lock.json', '{}');
  }

  it('builds when nothing was built yet', () => {
    project();
    expect(needsBuild(dir)).toBe(true);
  });

  it('does not build again when no source changed since the last build', () => {
    project();
    built();
    expect(needsBuild(dir)).toBe(false);
  });

  it('builds again when a source, the page or the lock file changed', () => {
    for (const file of ['src/web/main.tsx', 'index.html', 'package-lock.json', 'src/web/new-file.ts']) {
      project();
      built();
      write(file, 'changed');
      expect(needsBuild(dir), file).toBe(true);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    project();
  });

  it('ignores test files, which the build does not read', () => {
    project();
    built();
    write('src/web/main.test.tsx', 'another test()');
    expect(needsBuild(dir)).toBe(false);
  });

  it('builds again when an output is missing even if the stamp matches', () => {
    project();
    built();
    fs.rmSync(path.join(dir, 'dist/server/main.js'));
    expect(needsBuild(dir)).toBe(true);
  });
});
