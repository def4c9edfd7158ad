export interface PeriodicJob<Result> {
  /** Stops the timer and resolves when the run in flight (told to stop through `stopped`) has ended. */
  stop(): Promise<void>;
  runOnce(): Promise<Result>;
}

/**
 * Runs `run` at start and then every `intervalMs`, never two runs of the timer at once; a failed run is
 * reported and the next one goes ahead. `run` reads `stopped()` to end early once `stop` is called.
 */
export function startPeriodicJob<Result>(options: {
  intervalMs: number;
  run: (stopped: () => boolean) => Promise<Result>;
  onResult: (result: Result) => void;
  onError: (error: unknown) => void;
}): PeriodicJob<Result> {
  let stopped = false;
  let inFlight: Promise<unknown> | null = null;
  const runOnce = () => options.run(() => stopped);
  const tick = () => {
    if (inFlight) return;
    inFlight = runOnce()
      .then(options.onResult, options.onError)
      .finally(() => {
        inFlight = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
    runOnce,
  };
}
