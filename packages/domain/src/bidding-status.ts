import type { BiddingStatus, LotType } from '@lotline/contracts/enums';
import { type EventLotStatus, isOver, isSold, LOT_STATUS } from './lot-lifecycle';

/**
 * BIDDING §4: a user's bidding status on one lot, decided in one place for
 * the bid panel, the `bidders` endpoint and My Bids.
 *
 * How a closed lot's status reads (decision 0035):
 * - `Ended`: the close ran but the outcome awaits the seller (a tender not yet
 *   awarded, or a reserve-not-met auction the seller may still accept within
 *   2 days), and an Active lot whose end passed before the close ran: every
 *   tender bidder and the auction's leader are `bidded`; the auction's other
 *   bidders `lost` (whatever the seller decides, they do not win).
 * - Sold or an order status: the leader (the buyer) `won`; the others `lost`.
 * - `Unsold`: the leader of a reserve-not-met lot reads `reserve-not-met`;
 *   everyone else `lost`.
 */
export interface BidderFacts {
  lotType: LotType;
  lotStatus: EventLotStatus;
  /** The effective end, ms since the epoch; null when the lot has none. */
  endedAt: number | null;
  /** The user has a bid (auction) or a tender (tender lot) on the lot. */
  participated: boolean;
  /** The user is the lot's leader (auction) or its awarded buyer (tender). */
  leads: boolean;
  /** BIDDING §3 rule 5; null when the lot has no reserve. */
  reserveMet: boolean | null;
}

export function biddingStatus(facts: BidderFacts, now: number): BiddingStatus {
  if (!facts.participated) return 'not-participated';
  const over = isOver({ status: facts.lotStatus, endedAt: facts.endedAt }, now);
  if (!over) {
    if (facts.lotType === 'TenderLot') return 'bid-placed';
    if (!facts.leads) return 'outbid';
    return facts.reserveMet === false ? 'reserve-not-met' : 'winning';
  }
  if (isSold(facts.lotStatus)) return facts.leads ? 'won' : 'lost';
  if (facts.lotStatus === LOT_STATUS.Unsold) {
    return facts.leads && facts.reserveMet === false ? 'reserve-not-met' : 'lost';
  }
  // Awaiting the close or the seller: the leader's outcome is open, but a non-leader of an auction loses
  // either way (the seller may accept only the leader's price); every tender bidder waits for the award.
  return facts.lotType !== 'TenderLot' && !facts.leads ? 'lost' : 'bidded';
}

/** BIDDING §4's colours: green, red, or none. */
export type BiddingTone = 'good' | 'bad' | 'none';

const TONES: Record<BiddingStatus, BiddingTone> = {
  'not-participated': 'none',
  winning: 'good',
  'reserve-not-met': 'bad',
  outbid: 'bad',
  'bid-placed': 'good',
  bidded: 'none',
  won: 'good',
  lost: 'bad',
};

export const biddingTone = (status: BiddingStatus): BiddingTone => TONES[status];
