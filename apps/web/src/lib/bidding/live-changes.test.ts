import { describe, expect, it } from 'vitest';
import { coalesce } from './live-changes';

describe('coalesce', () => {
  it('runs once at a time, and once more after a burst of requests', async () => {
    let runs = 0;
    const releases: (() => void)[] = [];
    const run = coalesce(
      () =>
        new Promise<void>((resolve) => {
          runs++;
          releases.push(resolve);
        }),
    );
    run();
    run();
    run();
    expect(runs).toBe(1);
    releases[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
    releases[1]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
    run();
    expect(runs).toBe(3);
  });
});
