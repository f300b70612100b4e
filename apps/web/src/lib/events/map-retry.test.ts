import { describe, expect, it } from 'vitest';
import { loadWithRetry, mapRetryDelayMs } from './map-retry';

describe('map code retries (spec §8)', () => {
  it('waits attempt × 2^attempt seconds: 2, 8, 24', () => {
    expect([1, 2, 3].map(mapRetryDelayMs)).toEqual([2000, 8000, 24000]);
  });

  it('retries up to 3 times, then gives up with the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error(`failure ${calls}`));
    };
    await expect(loadWithRetry(failing, async (ms) => void waits.push(ms))).rejects.toThrow('failure 4');
    expect(calls).toBe(4);
    expect(waits).toEqual([2000, 8000, 24000]);
  });

  it('stops at the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new Error('chunk')) : Promise.resolve('leaflet'));
    await expect(loadWithRetry(flaky, async (ms) => void waits.push(ms))).resolves.toBe('leaflet');
    expect(waits).toEqual([2000, 8000]);
  });
});
