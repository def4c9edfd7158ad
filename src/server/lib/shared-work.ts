/**
 * Work asked for again while it is under way is shared: the second asker waits for the first one's
 * answer instead of doing it all again. A list polled by several people, or ten requests for a filter
 * nobody has counted yet, then cost one count. Nothing is kept once the work settles.
 */
export class SharedWork<T> {
  private readonly running = new Map<string, Promise<T>>();

  /**
   * `work()`'s answer for `key`, shared with any call for the same key still under way. The first
   * caller's work may fail for reasons of its own (its client left and its reads were cancelled): those
   * who joined it then do the work themselves.
   */
  run(key: string, work: () => Promise<T>): Promise<T> {
    const shared = this.running.get(key);
    if (shared) return shared.catch(() => work());
    const started = work();
    this.running.set(key, started);
    const forget = () => {
      if (this.running.get(key) === started) this.running.delete(key);
    };
    started.then(forget, forget);
    return started;
  }

  /** Keys under way, for tests and diagnostics. */
  get size(): number {
    return this.running.size;
  }
}
