import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default keeps one core for itself; on two cores that is one worker, and the API tests
    // spend much of their time waiting on PostgreSQL, so two workers nearly halve the wall time.
    maxWorkers: 2,
    // Each worker loads the server (or React and the DOM) once and runs file after file in it, instead of
    // loading everything again for every file: half the wall time. Every test file leaves the process as it
    // found it (its own database, app, timers and stubs, undone in its after hooks), which this relies on.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/tracker/**/*.test.ts',
            'src/api/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The tracker's few tests that need a DOM ask for it in their first line.
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          // One environment for the whole project, so a worker never switches between a DOM and none.
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
