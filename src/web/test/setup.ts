import { afterEach, beforeEach } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../api/sign-in-cookie.ts';

// Only the files that run in a DOM need Testing Library: the server's files skip loading React for nothing.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  // Vitest runs without globals, so Testing Library cannot register its own cleanup between tests.
  afterEach(() => cleanup());
  // Pages render as in a signed-in browser, which holds the sign-in cookie's readable companion; a test
  // of a browser that is not signed in removes it.
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  });
}
