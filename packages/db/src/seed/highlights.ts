/**
 * Picks lots for the CMS filler sections while lots stream past, keeping
 * only a dozen candidates per section in memory.
 */
import type { EventLotRow } from './generate-lots';

export const SECTION_SIZE = 12;

class TopN {
  private readonly entries: { score: number; id: string }[] = [];

  constructor(private readonly size: number) {}

  offer(score: number, id: string) {
    const last = this.entries[this.entries.length - 1];
    if (this.entries.length >= this.size && last && last.score >= score) return;
    // Ties keep the earlier lot, so the choice is stable.
    let i = this.entries.findIndex((e) => e.score < score);
    if (i < 0) i = this.entries.length;
    this.entries.splice(i, 0, { score, id });
    if (this.entries.length > this.size) this.entries.pop();
  }

  ids(): string[] {
    return this.entries.map((e) => e.id);
  }
}

const SOLD = new Set(['Sold', 'OrderPending', 'OrderPaid', 'OrderCancelled']);

export class Highlights {
  readonly popular = new TopN(SECTION_SIZE);
  readonly trending = new TopN(SECTION_SIZE);
  readonly sold = new TopN(SECTION_SIZE);

  constructor(private readonly now: number) {}

  /** `publicLot`: in a non-draft, non-private event (or no event). */
  consider(lot: EventLotRow, publicLot: boolean) {
    if (!publicLot || lot.hiddenFromMarketplace || (lot.quantity ?? 1) < 1) return;
    const endedAt = lot.endedAt?.getTime() ?? 0;
    // Open auction lots have no bids at seeding (the engine's demo bids come after): rank by what a lot is worth.
    const value = lot.currentBidAmount ?? lot.startingBid ?? lot.buyItNowPrice ?? 0;
    if (lot.status === 'Active' && value > 0) {
      this.popular.offer(value, lot.id);
      const hoursLeft = (endedAt - this.now) / 3_600_000;
      // Not the closing-soon lots (within the first hour after seeding, up to two after `now`): the section outlives them.
      if (hoursLeft > 2 && hoursLeft <= 48) this.trending.offer(value / (1 + hoursLeft), lot.id);
    }
    if (lot.status && SOLD.has(lot.status) && endedAt < this.now) this.sold.offer(endedAt, lot.id);
  }
}
