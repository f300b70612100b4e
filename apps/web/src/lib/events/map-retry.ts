/**
 * Spec §8: a failed load of the map code is retried up to 3 times, the delay
 * growing as attempt × 2^attempt. The spec gives no unit; seconds (2 s, 8 s,
 * 24 s) give a flaky network time to recover, where milliseconds would retry
 * within the same blip (decision 0021).
 */
export const MAP_LOAD_RETRIES = 3;
const UNIT_MS = 1000;

/** The wait before retry number `attempt` (1, 2, 3). */
export const mapRetryDelayMs = (attempt: number) => attempt * 2 ** attempt * UNIT_MS;

/** Runs `load`, retrying on failure after each delay; the last failure is thrown. */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  wait: (ms: number) => Promise<void>,
  retries = MAP_LOAD_RETRIES,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(mapRetryDelayMs(attempt + 1));
    }
  }
}
