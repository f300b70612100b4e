/**
 * A lot's status and times, consistent with its event's schedule:
 * - live events: Active, lot k (sequence order, from 0) scheduled to end at
 *   the event's endAt + k × its stagger interval (BIDDING §5; 0 for tenders
 *   and buy-now listings, which close all at once); some buy-now items
 *   already bought;
 * - past events: Sold, Unsold or Ended; a sold lot's orders (and so an order
 *   status) come after seeding, through the orders' use-cases (apps/api demo-past-sales.ts and
 *   demo-past-purchases.ts): the generator deals no order status;
 * - upcoming and draft events: 'Pending'. We use Pending for every lot that
 *   has not opened yet (startAt in the future) rather than Active, so
 *   "upcoming" is a status, not only a date comparison.
 * - buy-now items with no event: mostly Active with an end a few months out.
 */
import type { EventLotStatus } from '@lotline/contracts';
import { staggeredEnd } from '@lotline/domain';
import type { EventPlan } from './generate-events';
import type { Phase } from './lot-values';
import { Deck, type Rng } from './random';
import type { SaleFormat } from './reference/event-texts';
import { DAY_MS, HOUR_MS } from './text';

export interface LotState {
  status: EventLotStatus;
  phase: Phase;
  startAt: number;
  /** The effective end (BIDDING §5); before any bid, the scheduled end (or when a buy-now item sold). */
  endedAt: number;
  /** The staggered scheduled end, from which the soft-close cap counts. */
  scheduledEndAt: number;
  createdAt: number;
}

type Weights = [EventLotStatus, number][];

const PAST: Record<SaleFormat, Weights> = {
  // Closed and sold: the winners' orders (paid, pending, cancelled) are the demo's, made through the orders'
  // use-cases after seeding with the lots' bid histories (apps/api demo-past-sales.ts).
  auction: [
    ['Sold', 75],
    ['Unsold', 18],
    ['Ended', 7],
  ],
  // A buy-now item is sold out (its buyers' orders are the demo's, apps/api demo-past-purchases.ts) or over
  // with units left; its lot never takes an order status (several orders share it).
  'buy-now': [
    ['Sold', 65],
    ['Ended', 35],
  ],
  // Sold: awarded to a tender (the tenders and the order are the demo's, demo-past-purchases.ts); Unsold: none
  // awarded; Ended: awaiting the seller's award.
  tender: [
    ['Sold', 60],
    ['Unsold', 30],
    ['Ended', 10],
  ],
};
// The same number of cards in each deck as before (100): the shuffles, and so every later value, stay as they were.
const LIVE_BUY_NOW: Weights = [
  ['Active', 88],
  ['Sold', 12],
];
const NO_EVENT: Weights = [
  ['Active', 88],
  ['Sold', 8],
  ['Pending', 4],
];

const second = (ms: number) => Math.floor(ms / 1000) * 1000;
/** A lot outside any event has no stagger: it is scheduled to end when it ends. */
const ends = (at: number) => ({ endedAt: at, scheduledEndAt: at });

export class LotStates {
  private readonly past: Record<SaleFormat, Deck<EventLotStatus>>;
  private readonly liveBuyNow: Deck<EventLotStatus>;
  private readonly noEvent: Deck<EventLotStatus>;

  constructor(
    private readonly rng: Rng,
    private readonly now: number,
  ) {
    this.past = {
      auction: new Deck(rng, PAST.auction),
      'buy-now': new Deck(rng, PAST['buy-now']),
      tender: new Deck(rng, PAST.tender),
    };
    this.liveBuyNow = new Deck(rng, LIVE_BUY_NOW);
    this.noEvent = new Deck(rng, NO_EVENT);
  }

  forEventLot(plan: EventPlan, sequence: number): LotState {
    const { rng, now } = this;
    const createdAt = second(
      Math.min(
        Math.max(plan.createdAt + rng.float(0, 2) * DAY_MS, now - 90 * DAY_MS + rng.float(0, 2) * DAY_MS),
        now - 60_000,
      ),
    );
    const scheduledEndAt = staggeredEnd(plan.endAt, sequence - 1, plan.staggerSeconds);
    const base = { startAt: plan.startAt, endedAt: scheduledEndAt, scheduledEndAt, createdAt };
    switch (plan.timeClass) {
      case 'past':
        return { ...base, status: this.past[plan.format].draw(), phase: 'past' };
      case 'opening-soon':
      case 'upcoming':
      case 'draft':
        return { ...base, status: 'Pending', phase: 'future' };
      default: {
        if (plan.format !== 'buy-now') return { ...base, status: 'Active', phase: 'live' };
        const status = this.liveBuyNow.draw();
        if (status === 'Active') return { ...base, status, phase: 'live' };
        // Already bought: the listing ended when it sold.
        const soldAt = second(Math.max(plan.startAt, now - rng.float(1, 120) * HOUR_MS));
        return { ...base, status, phase: 'past', endedAt: soldAt };
      }
    }
  }

  /** Buy-now items listed on their own, outside any event. */
  forStandaloneItem(): LotState {
    const { rng, now } = this;
    const createdAt = second(now - rng.float(0.02, 90) * DAY_MS);
    const status = this.noEvent.draw();
    if (status === 'Pending') {
      const startAt = second(now + rng.float(1, 10) * DAY_MS);
      return { status, phase: 'future', createdAt, startAt, ...ends(startAt + 90 * DAY_MS) };
    }
    if (status === 'Active')
      return { status, phase: 'live', createdAt, startAt: createdAt, ...ends(createdAt + 120 * DAY_MS) };
    return {
      status,
      phase: 'past',
      createdAt,
      startAt: createdAt,
      ...ends(second(createdAt + rng.next() * (now - createdAt))),
    };
  }
}
