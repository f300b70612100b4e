/**
 * How many lots each event holds. The lot-type mix is fixed by the share of
 * lots per sale format: ~60% AuctionLot, ~25% BuyItNowItem (3 points of which
 * are buy-now items with no event) and ~15% TenderLot.
 */
import type { EventPlan } from './generate-events';
import type { Rng } from './random';
import type { SaleFormat } from './reference/event-texts';

export const SHARES = { auction: 0.6, tender: 0.15, noEvent: 0.03 } as const;

/** Sets `lotCount` on every plan; returns the number of buy-now items with no event. */
export function allocateLots(rng: Rng, plans: EventPlan[], lots: number): number {
  const noEvent = Math.round(lots * SHARES.noEvent);
  const auction = Math.round(lots * SHARES.auction);
  const tender = Math.round(lots * SHARES.tender);
  const buyNow = Math.max(0, lots - noEvent - auction - tender);
  const totals: Record<SaleFormat, number> = { auction, tender, 'buy-now': buyNow };

  for (const format of ['auction', 'buy-now', 'tender'] as const) {
    const group = plans.filter((p) => p.format === format);
    // Drafts are half-built catalogues, so they hold fewer lots. Past events hold fewer too: the marketplace is
    // mostly what is on sale, and every closed auction lot gets its bid history and its order after seeding.
    const weights = group.map(
      (p) => rng.float(0.5, 1.5) * (p.status === 'draft' ? 0.3 : p.timeClass === 'past' ? 0.4 : 1),
    );
    const counts = distribute(totals[format], weights);
    group.forEach((p, i) => {
      p.lotCount = counts[i] ?? 0;
    });
  }
  sizeClosingSoon(plans);
  ensureBusySeller(plans);
  return noEvent;
}

/** Lots of the closing-soon auction: one ends each minute from 5 minutes after seeding, the last within 30. */
export const CLOSING_SOON_LOTS = 22;

/**
 * Gives the closing-soon auction CLOSING_SOON_LOTS lots, moving the difference to or from the biggest other
 * auction events one lot at a time (so the lot-type mix stays as it is). Fewer when there are not enough lots.
 */
export function sizeClosingSoon(plans: EventPlan[]): void {
  const soon = plans.find((p) => p.format === 'auction' && p.timeClass === 'closing-soon');
  if (!soon) return;
  const others = plans.filter((p) => p.format === 'auction' && p !== soon);
  const biggest = () => others.sort((a, b) => b.lotCount - a.lotCount)[0];
  while (soon.lotCount > CLOSING_SOON_LOTS) {
    const taker = others.sort((a, b) => a.lotCount - b.lotCount)[0];
    if (!taker) return;
    soon.lotCount--;
    taker.lotCount++;
  }
  while (soon.lotCount < CLOSING_SOON_LOTS) {
    const donor = biggest();
    if (!donor || donor.lotCount <= 2) return;
    donor.lotCount--;
    soon.lotCount++;
  }
}

/**
 * Lots of a featured seller's public live events that the demo guarantees: the seller page pages its active
 * lots by 15 (three spare for lots hidden by their seller or, in a buy-now event, already sold).
 */
export const BUSY_SELLER_LOTS = 19;

/**
 * Makes sure one featured seller has more than a page of active lots: when none has, the biggest such event of
 * a featured seller takes lots, one at a time, from the biggest other events of its sale format (so the lot-type
 * mix stays as it is). A no-op whenever the shares already give such a seller.
 */
export function ensureBusySeller(plans: EventPlan[]): void {
  const counts = (p: EventPlan) =>
    p.seller.row.featured && p.status === 'published' && p.timeClass.startsWith('live') && !p.privateSale;
  const bySeller = new Map<string, number>();
  for (const p of plans.filter(counts))
    bySeller.set(p.seller.row.id, (bySeller.get(p.seller.row.id) ?? 0) + p.lotCount);
  const best = Math.max(0, ...bySeller.values());
  // Auction and tender lots stay active until their event ends; a buy-now lot may be sold already.
  const target = plans.filter((p) => counts(p) && p.format !== 'buy-now').sort((a, b) => b.lotCount - a.lotCount)[0];
  if (!target || best >= BUSY_SELLER_LOTS) return;
  let need = BUSY_SELLER_LOTS - (bySeller.get(target.seller.row.id) ?? 0);
  const donors = plans.filter(
    (p) => p.format === target.format && p.seller !== target.seller && p.timeClass !== 'closing-soon',
  );
  while (need > 0) {
    const donor = donors.sort((a, b) => b.lotCount - a.lotCount)[0];
    if (!donor || donor.lotCount <= 2) return;
    donor.lotCount--;
    target.lotCount++;
    need--;
  }
}

/**
 * Splits `total` in proportion to `weights` (largest remainder), giving every
 * entry at least one when there is enough to go round.
 */
export function distribute(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const floor = total >= weights.length * 2 ? 1 : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / sum);
  const counts = exact.map((x) => Math.floor(x));
  let left = rest - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left--;
  }
  return counts.map((c) => c + floor);
}
