import { setTimeout } from 'node:timers/promises';

/** Waits before a sign-in attempt is checked (decision 0026); its own module so tests can replace the clock. */
export function waitBeforeAttempt(ms: number): Promise<void> {
  return ms > 0 ? setTimeout(ms).then(() => undefined) : Promise.resolve();
}
