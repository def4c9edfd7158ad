import { afterEach } from 'vitest';

// Only the files that run in a DOM need Testing Library: the server's files skip loading React for nothing.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  // Vitest runs without globals, so Testing Library cannot register its own cleanup between tests.
  afterEach(() => cleanup());
}
