/** Runs `fn`, swallowing anything it throws: the tracker must never break the page. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // Recording is best effort.
  }
}

/** `fn` as a handler that never throws. */
export function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => safely(() => fn(...args));
}
