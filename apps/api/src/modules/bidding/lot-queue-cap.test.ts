import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors';
import { type ItemResult, LotBatches, MAX_BATCH, MAX_WAITING } from './lot-batches';

/**
 * Decision 0069: at most MAX_WAITING bids wait for one lot; the next is
 * refused at once (503 LOT_BUSY, Retry-After) and never run. The runs below
 * wait until released, so the queue is filled deterministically.
 */
function held() {
  const runs: { items: number[]; release(): void }[] = [];
  const batches = new LotBatches<number, number>(
    (_lotId, items) =>
      new Promise<ItemResult<number>[]>((resolve) => {
        runs.push({ items, release: () => resolve(items.map((value) => ({ ok: true, value }))) });
      }),
  );
  return { runs, batches };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const ran = (runs: { items: number[] }[]) => runs.flatMap((r) => r.items);

describe('the cap on a lot’s bid queue', () => {
  it(`refuses the bid after ${MAX_WAITING} waiting with 503 LOT_BUSY and Retry-After, running nothing of it`, async () => {
    const { runs, batches } = held();
    const running = batches.submit('hot', 0);
    const waiting = Array.from({ length: MAX_WAITING }, (_, i) => batches.submit('hot', i + 1));
    const refused = batches.submit('hot', -1).then(
      () => null,
      (error: AppError) => error,
    );

    const error = await refused;
    if (!error) throw new Error('the bid past the cap was queued');
    expect({ code: error.code, status: error.status, headers: error.headers }).toEqual({
      code: 'LOT_BUSY',
      status: 503,
      headers: { 'retry-after': '1' },
    });
    // Another lot's queue is its own.
    const other = batches.submit('calm', 7);
    expect(runs.map((r) => r.items)).toEqual([[0], [7]]);
    runs[1]?.release();
    expect(await other).toBe(7);

    // Once a batch leaves the queue there is room again.
    runs[0]?.release();
    await tick();
    expect(runs[2]?.items).toHaveLength(MAX_BATCH);
    const later = batches.submit('hot', MAX_WAITING + 1);
    for (let i = 2; i < runs.length; i++) {
      runs[i]?.release();
      await tick();
    }
    expect(runs.slice(2).map((r) => r.items.length)).toEqual([
      MAX_BATCH,
      MAX_BATCH,
      MAX_BATCH,
      MAX_WAITING + 1 - 3 * MAX_BATCH,
    ]);
    expect(await Promise.all([running, ...waiting, later])).toEqual(
      Array.from({ length: MAX_WAITING + 2 }, (_, i) => i),
    );
    expect(ran(runs)).not.toContain(-1);
  });
});
