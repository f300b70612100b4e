/**
 * Runs `task` now and then every `intervalMs`, one run at a time (a slow run
 * delays the next instead of overlapping it). The timer does not keep the
 * process alive. Returns the stop function, which waits for a run in flight.
 */
export function startPeriodic(
  task: () => Promise<unknown>,
  options: { intervalMs: number; onError: (err: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = task().catch(options.onError);
  };
  tick();
  const timer = setInterval(() => {
    void running.then(tick);
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
