import { KIND, LIMITS } from './contract.ts';
import type { EventFields, Recorder } from './recorder.ts';
import { guard } from './safe.ts';
import { clip, describeValue } from './text.ts';

/** An error this soon after a click makes that click an error click. */
export const ERROR_CLICK_WINDOW_MS = 1000;

/** Records uncaught errors and unhandled rejections, and the click each one followed within a second. */
export function captureErrors(win: Window & typeof globalThis, recorder: Recorder): void {
  const recordError = (message: string, error: unknown, source?: string) => {
    if (!recorder.allowed(KIND.jsError)) return;
    const fields: EventFields = { message: clip(message || 'Error', LIMITS.message) };
    const stack = (error as { stack?: unknown } | null)?.stack;
    if (typeof stack === 'string') fields.stack = clip(stack, LIMITS.stack);
    if (source) fields.url = clip(source, LIMITS.url);
    recorder.record(KIND.jsError, fields);
    const click = recorder.lastClick;
    if (click && !click.reported && Date.now() - click.time <= ERROR_CLICK_WINDOW_MS) {
      click.reported = true;
      recorder.record(KIND.errorClick, { selector: click.selector, text: click.text, message: fields.message });
    }
  };

  // Failed images and scripts do not bubble to window, so this sees only JavaScript errors.
  win.addEventListener(
    'error',
    guard((event: ErrorEvent) => {
      if (event.message || event.error)
        recordError(event.message || describeValue(event.error), event.error, event.filename);
    }),
  );
  win.addEventListener(
    'unhandledrejection',
    guard((event: PromiseRejectionEvent) => {
      recordError(describeValue(event.reason), event.reason);
    }),
  );
}
