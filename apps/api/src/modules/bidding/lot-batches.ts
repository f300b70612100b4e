import { BID_CODES } from '@lotline/contracts';
import { AppError } from '../../lib/errors';

/**
 * Group commit for one lot's bids (decision 0042). Bids on one lot must
 * serialise on its row lock, so on a hot lot each waits for the one before;
 * instead, this process keeps one queue per lot: the first bid runs at once,
 * and the bids that arrive while a batch runs wait and run together as the
 * next batch, in their order of arrival, in ONE transaction (one lock, one
 * read, one write, one commit). Each bid is still decided on its own, in
 * order, as if alone. Queues of other lots never wait for this one; other
 * processes still meet on the row lock.
 *
 * An item takes its place in the queue when it is submitted, with what must
 * hold before it is placed still being checked (`ready`: the rate limit, the
 * Terms of Use, each a database round trip): a batch waits for its items'
 * checks and leaves out those that failed. Checked first and queued after,
 * bids sent one after the other overtook each other on those round trips, and
 * the earlier, lower one was then refused as too low (half of a rising
 * stream on a hot lot, measured).
 */

/** A batch holds at most this many bids; the rest wait for the next. */
export const MAX_BATCH = 64;

/**
 * At most this many bids wait for one lot (besides the batch being placed): past it a bid is refused at once,
 * 503 LOT_BUSY with Retry-After, and changes nothing (decision 0069). About three batches: a lot never queues
 * more bids than this process places in a few seconds, and memory stays bounded under a flood.
 */
export const MAX_WAITING = 200;

/** Seconds a refused bidder waits before trying again: a batch takes well under one. */
const BUSY_RETRY_AFTER_SECONDS = 1;

const lotBusy = () =>
  new AppError(BID_CODES.lotBusy, 'Too many bids are being placed on this lot right now. Try again in a second.', {
    status: 503,
    headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  });

/** Per-item results of a batch: a value, or the error that item's caller gets. */
export type ItemResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve(value: R): void;
  reject(error: unknown): void;
  /** Settles when the item's checks are done: with the error that refuses it, or undefined. */
  checked: Promise<{ error: unknown } | undefined> | undefined;
}

export class LotBatches<I, R> {
  private readonly queues = new Map<string, Waiting<I, R>[]>();

  /**
   * `run` decides one batch of a lot's items, in order, writing nothing if it
   * throws; then each item of a failed batch is run again alone.
   */
  constructor(
    private readonly run: (lotId: string, items: I[]) => Promise<ItemResult<R>[]>,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /**
   * Queues `item` in its order of arrival; it is placed once `ready` has resolved, and rejected with what
   * `ready` rejected with otherwise (placing nothing). Rejects with LOT_BUSY (503), running nothing, when
   * `maxWaiting` items already wait for the lot.
   */
  submit(lotId: string, item: I, ready?: Promise<unknown>): Promise<R> {
    // Handled at once: a check that fails before its batch looks at it is not an unhandled rejection.
    const checked = ready?.then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    return new Promise<R>((resolve, reject) => {
      const waiting = { item, resolve, reject, checked };
      const queue = this.queues.get(lotId);
      if (queue) {
        // The batch being placed has left the queue: what is in it waits.
        if (queue.length >= this.maxWaiting) {
          reject(lotBusy());
          return;
        }
        queue.push(waiting);
        return;
      }
      this.queues.set(lotId, [waiting]);
      void this.drain(lotId);
    });
  }

  private async drain(lotId: string): Promise<void> {
    const queue = this.queues.get(lotId) as Waiting<I, R>[];
    while (queue.length > 0) {
      const taken = passed(queue.splice(0, MAX_BATCH));
      const batch = Array.isArray(taken) ? taken : await taken;
      if (batch.length === 0) continue;
      try {
        settle(batch, await this.run(lotId, items(batch)));
      } catch (error) {
        if (batch.length === 1) {
          for (const w of batch) w.reject(error);
          continue;
        }
        // The batch's transaction failed (a deadlock, a lost connection…) and wrote nothing: each item
        // is placed again alone, so one item's failure is not its neighbours', as if each had come alone.
        for (const w of batch) {
          try {
            settle([w], await this.run(lotId, [w.item]));
          } catch (alone) {
            w.reject(alone);
          }
        }
      }
    }
    this.queues.delete(lotId);
  }
}

const items = <I, R>(batch: Waiting<I, R>[]) => batch.map((w) => w.item);

/**
 * The items whose checks passed, in order; each other one is rejected with its check's error. Without checks,
 * the batch as it is, in this tick (the first bid on an idle lot runs at once).
 */
function passed<I, R>(batch: Waiting<I, R>[]): Waiting<I, R>[] | Promise<Waiting<I, R>[]> {
  if (batch.every((w) => w.checked === undefined)) return batch;
  return Promise.all(batch.map((w) => w.checked)).then((outcomes) =>
    batch.filter((w, i) => {
      const failed = outcomes[i];
      if (failed) w.reject(failed.error);
      return !failed;
    }),
  );
}

function settle<I, R>(batch: Waiting<I, R>[], results: ItemResult<R>[]): void {
  batch.forEach((w, i) => {
    const result = results[i];
    if (!result) w.reject(new Error('bid batch: no result for an item'));
    else if (result.ok) w.resolve(result.value);
    else w.reject(result.error);
  });
}
