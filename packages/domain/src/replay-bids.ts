import type { IncrementRow } from './bidding-rules';
import { applyProxyBid } from './proxy-bid';

/**
 * A lot's bidding state rebuilt from its history (decision 0082): the bids that still count, replayed in their
 * order through the engine's own proxy rule (`applyProxyBid`). Used when a bidder's standing maximum is
 * withdrawn (their account was disabled): the lot ends up as the engine would have left it had the withdrawn
 * bids never come, given the others' bids as the history recorded them.
 */

/** One recorded own bid (a `bid` history row, never an `auto` one). */
export interface RecordedBid {
  bidderId: string;
  /** The amount the row shows. */
  amount: number;
  /** The maximum the bidder sent with it. */
  maxAmount: number;
}

export interface ReplayLot {
  startingBid: number;
  reserve: number | null;
  increments?: readonly IncrementRow[];
}

export interface ReplayedState {
  price: number | null;
  leaderId: string | null;
  leaderMax: number | null;
  reserveMet: boolean | null;
  /** Accepted bids: the lot's `bids_count`. */
  bidsCount: number;
  /** Each remaining bidder's standing maximum. */
  maxima: Map<string, number>;
  /** Bids the replay refused (none when the withdrawn bids only ever raised the others' prices; see the test). */
  refused: number;
}

export function replayBids(lot: ReplayLot, bids: readonly RecordedBid[]): ReplayedState {
  const state: ReplayedState = {
    price: null,
    leaderId: null,
    leaderMax: null,
    reserveMet: lot.reserve === null ? null : false,
    bidsCount: 0,
    maxima: new Map(),
    refused: 0,
  };
  for (const bid of bids) {
    const result = applyProxyBid(
      {
        startingBid: lot.startingBid,
        price: state.price,
        leaderId: state.leaderId,
        leaderMax: state.leaderMax,
        reserve: lot.reserve,
        ...(lot.increments ? { increments: lot.increments } : {}),
      },
      {
        bidderId: bid.bidderId,
        amount: bid.amount,
        maxAmount: bid.maxAmount,
        currentMax: state.maxima.get(bid.bidderId) ?? null,
      },
    );
    if (!result.accepted) {
      state.refused += 1;
      continue;
    }
    state.price = result.price;
    state.leaderId = result.leaderId;
    state.leaderMax = result.leaderMax;
    state.reserveMet = result.reserveMet;
    state.bidsCount += 1;
    state.maxima.set(bid.bidderId, result.bidderMax);
  }
  return state;
}
