import { KIND, LIMITS } from './contract.ts';
import type { Recorder } from './recorder.ts';
import { safely } from './safe.ts';
import { clip, describeValue } from './text.ts';

const LEVELS = ['log', 'info', 'warn', 'error'] as const;

/** Wraps console.log/info/warn/error: each call is recorded (message truncated), then runs as before. */
export function captureConsole(win: Window & typeof globalThis, recorder: Recorder): void {
  const target = win.console;
  let inside = false;
  for (const level of LEVELS) {
    const original = target[level];
    if (typeof original !== 'function') continue;
    target[level] = function (this: Console, ...args: unknown[]) {
      // A toJSON that logs would otherwise loop.
      if (!inside) {
        inside = true;
        safely(() => {
          if (recorder.allowed(KIND.consoleLog)) {
            recorder.record(KIND.consoleLog, {
              level,
              message: clip(args.map(describeValue).join(' '), LIMITS.message),
            });
          }
        });
        inside = false;
      }
      return original.apply(this, args);
    };
  }
}
