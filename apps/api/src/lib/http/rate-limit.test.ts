import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { isAppError } from '../errors';
import { type DelayPolicy, RateLimiter, type RatePolicy } from './rate-limit';

const policy: RatePolicy = { name: 'test', limit: 2, windowMs: 60_000, baseBlockMs: 10_000, maxBlockMs: 40_000 };

describe('RateLimiter', () => {
  let t: TestApp;
  let now: Date;
  let limiter: RateLimiter;
  beforeAll(async () => {
    t = await createTestApp();
    now = new Date('2026-11-21T12:00:00Z');
    limiter = new RateLimiter(t.db, () => now);
  });
  afterAll(() => t.close());

  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const retryAfter = async (action: Promise<void>) => {
    try {
      await action;
    } catch (err) {
      if (isAppError(err) && err.code === 'RATE_LIMITED') return Number(err.headers['retry-after']);
      throw err;
    }
    return null;
  };

  it('allows the limit per window, then blocks with a doubling backoff up to the maximum', async () => {
    expect(await retryAfter(limiter.hit(policy, 'a'))).toBeNull();
    expect(await retryAfter(limiter.hit(policy, 'a'))).toBeNull();
    expect(await retryAfter(limiter.hit(policy, 'a'))).toBe(10);
    // Blocked: attempts during the block are refused and not counted.
    advance(5_000);
    expect(await retryAfter(limiter.hit(policy, 'a'))).toBe(5);
    expect(await retryAfter(limiter.check(policy, 'a'))).toBe(5);

    // Each block starts when the previous one ends: the next window's third attempt blocks twice as long.
    const blockAfter = async (wait: number) => {
      advance(wait);
      await limiter.hit(policy, 'a');
      await limiter.hit(policy, 'a');
      return retryAfter(limiter.hit(policy, 'a'));
    };
    expect(await blockAfter(5_000)).toBe(20);
    expect(await blockAfter(20_000)).toBe(40);
    advance(40_000 - 1);
    expect(await retryAfter(limiter.check(policy, 'a'))).toBe(1);
    // Capped at the maximum.
    expect(await blockAfter(1)).toBe(40);
  });

  it('multiplies every limit by its scale', async () => {
    const scaled = new RateLimiter(t.db, () => now, 3);
    for (let i = 0; i < 6; i++) expect(await retryAfter(scaled.hit(policy, 'scaled'))).toBeNull();
    expect(await retryAfter(scaled.hit(policy, 'scaled'))).toBe(10);
  });

  it('keeps keys apart and forgives a key that behaves for the maximum block time', async () => {
    await limiter.hit(policy, 'b');
    await limiter.hit(policy, 'b');
    expect(await retryAfter(limiter.hit(policy, 'b'))).toBe(10);
    expect(await retryAfter(limiter.hit(policy, 'c'))).toBeNull();
    advance(10_000 + 40_000);
    await limiter.hit(policy, 'b');
    await limiter.hit(policy, 'b');
    expect(await retryAfter(limiter.hit(policy, 'b'))).toBe(10);
  });

  it('counts concurrent attempts on one key exactly once each', async () => {
    await limiter.hit(policy, 'e');
    // The row exists now, so the attempts race on reading and updating it, not on creating it.
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => limiter.hit(policy, 'e')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a new window starts the count afresh; reset forgets the window', async () => {
    await limiter.hit(policy, 'd');
    await limiter.hit(policy, 'd');
    advance(60_000);
    expect(await retryAfter(limiter.hit(policy, 'd'))).toBeNull();
    await limiter.reset(policy, 'd');
    expect(await retryAfter(limiter.hit(policy, 'd'))).toBeNull();
    expect(await retryAfter(limiter.hit(policy, 'd'))).toBeNull();
    expect(await retryAfter(limiter.hit(policy, 'd'))).toBe(10);
  });

  it('a delay policy never refuses: past its free allowance the wait doubles up to its maximum, and a new window starts at 0', async () => {
    const delay: DelayPolicy = { name: 'test-delay', free: 2, windowMs: 60_000, baseDelayMs: 100, maxDelayMs: 350 };
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(await limiter.delayMs(delay, 'f'));
      await limiter.count(delay, 'f');
    }
    expect(waits).toEqual([0, 0, 0, 100, 200, 350]);
    advance(60_000);
    expect(await limiter.delayMs(delay, 'f')).toBe(0);
  });

  it('allows answers false instead of throwing when over the limit', async () => {
    expect(await limiter.allows(policy, 'g')).toBe(true);
    expect(await limiter.allows(policy, 'g')).toBe(true);
    expect(await limiter.allows(policy, 'g')).toBe(false);
    expect(await limiter.allows(policy, 'g')).toBe(false);
  });
});
