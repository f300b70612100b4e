import { describe, expect, it } from 'vitest';
import { type ItemResult, LotBatches, MAX_BATCH } from './lot-batches';

/** A batcher whose runs wait until released, recording every batch it was given. */
function recording() {
  const runs: { lotId: string; items: number[]; release(fail?: Error): void }[] = [];
  const batches = new LotBatches<number, string>(
    (lotId, items) =>
      new Promise<ItemResult<string>[]>((resolve, reject) => {
        runs.push({
          lotId,
          items,
          release: (fail) =>
            fail
              ? reject(fail)
              : resolve(
                  items.map((i) =>
                    i < 0 ? { ok: false, error: new Error(`bad ${i}`) } : { ok: true, value: `${lotId}:${i}` },
                  ),
                ),
        });
      }),
  );
  return { runs, batches };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LotBatches', () => {
  it('runs the first item at once and the ones that queued meanwhile as one batch, in order', async () => {
    const { runs, batches } = recording();
    const answers = [1, 2, 3, 4].map((i) => batches.submit('a', i));
    expect(runs.map((r) => r.items)).toEqual([[1]]);
    runs[0]?.release();
    await tick();
    expect(runs.map((r) => r.items)).toEqual([[1], [2, 3, 4]]);
    runs[1]?.release();
    expect(await Promise.all(answers)).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
  });

  it('keeps one queue per lot: another lot never waits', async () => {
    const { runs, batches } = recording();
    const a = batches.submit('a', 1);
    const b = batches.submit('b', 1);
    expect(runs.map((r) => r.lotId)).toEqual(['a', 'b']);
    runs[1]?.release();
    expect(await b).toBe('b:1');
    runs[0]?.release();
    expect(await a).toBe('a:1');
  });

  it(`takes at most ${MAX_BATCH} items a batch`, async () => {
    const { runs, batches } = recording();
    const answers = Array.from({ length: MAX_BATCH + 3 }, (_, i) => batches.submit('a', i));
    runs[0]?.release();
    await tick();
    expect(runs[1]?.items).toHaveLength(MAX_BATCH);
    runs[1]?.release();
    await tick();
    expect(runs[2]?.items).toEqual([MAX_BATCH + 1, MAX_BATCH + 2]);
    runs[2]?.release();
    expect(await Promise.all(answers)).toHaveLength(MAX_BATCH + 3);
  });

  it("rejects one item with its own error and runs a failed batch's items again, each alone", async () => {
    const { runs, batches } = recording();
    const first = batches.submit('a', 1);
    const bad = batches.submit('a', -1);
    const good = batches.submit('a', 2);
    runs[0]?.release(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await tick();
    expect(runs[1]?.items).toEqual([-1, 2]);
    runs[1]?.release(new Error('deadlock detected'));
    await tick();
    expect(runs.slice(2).map((r) => r.items)).toEqual([[-1]]);
    runs[2]?.release();
    await expect(bad).rejects.toThrow('bad -1');
    await tick();
    expect(runs[3]?.items).toEqual([2]);
    runs[3]?.release(new Error('still down'));
    await expect(good).rejects.toThrow('still down');
    // The queue emptied and was dropped: the next item starts a new one at once.
    const later = batches.submit('a', 3);
    expect(runs).toHaveLength(5);
    runs[4]?.release();
    expect(await later).toBe('a:3');
  });

  it('keeps each item in its order of arrival while its checks run, and leaves out one whose check failed', async () => {
    const { runs, batches } = recording();
    let passFirst = () => {};
    const slow = new Promise<void>((resolve) => {
      passFirst = resolve;
    });
    // The first bid's check is slow, the second's done at once: the second does not overtake it.
    const first = batches.submit('a', 1, slow);
    const second = batches.submit('a', 2, Promise.resolve());
    const refused = expect(batches.submit('a', 3, Promise.reject(new Error('429 rate limited')))).rejects.toThrow(
      '429 rate limited',
    );
    await tick();
    expect(runs).toHaveLength(0);
    passFirst();
    await tick();
    expect(runs.map((r) => r.items)).toEqual([[1]]);
    runs[0]?.release();
    await tick();
    expect(runs.map((r) => r.items)).toEqual([[1], [2]]);
    await refused;
    runs[1]?.release();
    expect(await Promise.all([first, second])).toEqual(['a:1', 'a:2']);
    // A batch whose every check failed runs nothing, and the queue goes on with what came after.
    const alone = batches.submit('a', 4, Promise.reject(new Error('terms not agreed')));
    await expect(alone).rejects.toThrow('terms not agreed');
    const next = batches.submit('a', 5);
    expect(runs.map((r) => r.items)).toEqual([[1], [2], [5]]);
    runs[2]?.release();
    expect(await next).toBe('a:5');
  });
});
