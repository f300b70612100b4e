import { describe, expect, it } from 'vitest';
import { coalesce, differsFromShown } from './live-changes';

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

describe('differsFromShown', () => {
  const shown = {
    currentBid: { amount: 125_000 },
    bidsCount: 3,
    endedAt: Date.parse('2026-11-24T16:00:00Z'),
    status: 'Active',
  };
  const reported = {
    currentBid: { amount: 125_000 },
    bidsCount: 3,
    endedAt: '2026-11-24T16:00:00.000Z',
    status: 'Active',
  };

  it('is false for the state already shown (the end as an instant or an ISO string)', () => {
    expect(differsFromShown(shown, reported)).toBe(false);
  });

  it('is true when the price, the count, the end or the status moved, or nothing is shown', () => {
    expect(differsFromShown(shown, { ...reported, currentBid: { amount: 130_000 } })).toBe(true);
    expect(differsFromShown(shown, { ...reported, currentBid: null })).toBe(true);
    expect(differsFromShown(shown, { ...reported, bidsCount: 4 })).toBe(true);
    expect(differsFromShown(shown, { ...reported, endedAt: '2026-11-24T16:02:00.000Z' })).toBe(true);
    expect(differsFromShown(shown, { ...reported, endedAt: null })).toBe(true);
    expect(differsFromShown(shown, { ...reported, status: 'Sold' })).toBe(true);
    expect(differsFromShown(null, reported)).toBe(true);
  });
});
