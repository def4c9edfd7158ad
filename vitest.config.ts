import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default keeps one core for itself; on two cores that is one worker, and the API tests
    // spend much of their time waiting on PostgreSQL, so two workers nearly halve the wall time.
    maxWorkers: 2,
    setupFiles: ['src/web/test/setup.ts'],
  },
});
