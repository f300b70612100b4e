import type { BiddingState, LotTerms } from '@lotline/contracts';
import type { LotType } from '@lotline/contracts/enums';
import type { EventLotStatus, IncrementRow } from '@lotline/domain';
import {
  BID_PRESETS,
  biddingStatus,
  DEFAULT_INCREMENTS,
  incrementAt,
  incrementTableProblem,
  minimumBid,
} from '@lotline/domain';

/** What the bidding state (contract §5 GET …/bidding) reads of a lot. */
export interface BiddingLot {
  id: string;
  type: LotType;
  status: EventLotStatus;
  currency: string;
  startingBid: number | null;
  currentBid: number | null;
  bidsCount: number;
  reserveMet: boolean | null;
  endedAt: Date | null;
  increments: readonly IncrementRow[];
  /** What an order of the lot is priced with. */
  terms: LotTerms;
}

/** The signed-in viewer's standing on the lot. */
export interface BiddingViewer {
  userId: string;
  registered: boolean;
  /** Their standing maximum; null when they have not bid. */
  maxAmount: number | null;
  leads: boolean;
  /** A tender lot: they have a tender in (their maximum stays null: a tender is no bid). */
  tendered?: boolean;
}

/** The event's increment table, or BIDDING §1's default when it has none (or an unusable one). */
export function eventIncrements(stored: unknown): readonly IncrementRow[] {
  if (!Array.isArray(stored)) return DEFAULT_INCREMENTS;
  return incrementTableProblem(stored as IncrementRow[]) === null ? (stored as IncrementRow[]) : DEFAULT_INCREMENTS;
}

/** A lot without a starting bid takes bids from the table's first increment. */
export const startingBidOf = (lot: Pick<BiddingLot, 'startingBid' | 'increments'>) =>
  lot.startingBid ?? incrementAt(0, lot.increments);

/** The contract's bidding state; `serverTime` is the database clock the state was read (or left) at. */
export function toBiddingState(lot: BiddingLot, serverTime: Date, viewer?: BiddingViewer): BiddingState {
  const state: BiddingState = {
    eventLotId: lot.id,
    type: lot.type,
    status: lot.status,
    currency: lot.currency,
    startingBid: lot.startingBid,
    currentBid: lot.currentBid === null ? null : { amount: lot.currentBid },
    bidsCount: lot.bidsCount,
    minimumBid: minimumBid({ startingBid: startingBidOf(lot), currentBid: lot.currentBid }, lot.increments),
    reserveMet: lot.reserveMet,
    endedAt: lot.endedAt?.toISOString() ?? null,
    serverTime: serverTime.toISOString(),
    increments: lot.increments.map(({ from, increment }) => ({ from, increment })),
    presets: [...BID_PRESETS],
    terms: lot.terms,
  };
  if (!viewer) return state;
  const facts = {
    lotType: lot.type,
    lotStatus: lot.status,
    endedAt: lot.endedAt?.getTime() ?? null,
    participated: viewer.maxAmount !== null || viewer.tendered === true,
    leads: viewer.leads,
    reserveMet: lot.reserveMet,
  };
  return {
    ...state,
    you: {
      registered: viewer.registered,
      biddingStatus: biddingStatus(facts, serverTime.getTime()),
      maxBidAmount: viewer.maxAmount,
    },
  };
}
