import { startTracker } from './start.ts';

// The entry point of t.js (bundled as one IIFE, so nothing leaks into the page but window.sa).
try {
  startTracker(window);
} catch {
  // Whatever went wrong, the page carries on without recording.
}
