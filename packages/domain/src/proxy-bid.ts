import { DEFAULT_INCREMENTS, type IncrementRow, incrementAt, minimumBid } from './bidding-rules';

/**
 * BIDDING §3: the proxy rule, pure. Given a lot's bidding state and one bid,
 * either a refusal or the state the bid leaves and the rows it appends to the
 * visible price history (decision 0035). The engine (`place-bid.ts`) reads the
 * state under the lot's row lock and writes what this returns; whether the lot
 * is open and the bidder registered is its business, not this function's.
 */

export interface ProxyLotState {
  startingBid: number;
  /** The current price; null when nobody has bid yet. */
  price: number | null;
  leaderId: string | null;
  /** The leader's standing maximum (null exactly when there is no leader). */
  leaderMax: number | null;
  /** The hidden reserve; null when the lot has none. */
  reserve: number | null;
  increments?: readonly IncrementRow[];
}

export interface ProxyBid {
  bidderId: string;
  amount: number;
  /** The bidder's maximum; absent means equal to `amount`. */
  maxAmount?: number | undefined;
  /** The bidder's standing maximum on this lot so far; null when they have not bid on it. */
  currentMax: number | null;
}

/** One row the bid appends to the history, in order (`auto`: the system's counter-bid for the leader). */
export interface HistoryRow {
  userId: string;
  kind: 'bid' | 'auto';
  amount: number;
  /** The maximum the bidder sent, on their `bid` row; null on `auto` rows. */
  maxAmount: number | null;
  priceAfter: number;
}

export type ProxyRefusal =
  | { accepted: false; code: 'BID_TOO_LOW'; minimum: number }
  /** The maximum does not exceed the bidder's standing one (rules 1 and 2: a maximum is never lowered). */
  | { accepted: false; code: 'MAX_BELOW_CURRENT'; currentMax: number };

export interface ProxyOutcome {
  accepted: true;
  price: number;
  leaderId: string;
  leaderMax: number;
  /** null when the lot has no reserve (rule 5). */
  reserveMet: boolean | null;
  /** The bidder's new standing maximum. */
  bidderMax: number;
  /** The leader before the bid, when the bid took the lead from them (they get the outbid e-mail). */
  outbidUserId: string | null;
  rows: HistoryRow[];
}

export type ProxyResult = ProxyRefusal | ProxyOutcome;

export function applyProxyBid(lot: ProxyLotState, bid: ProxyBid): ProxyResult {
  const table = lot.increments ?? DEFAULT_INCREMENTS;
  const max = bid.maxAmount ?? bid.amount;
  const isLeader = lot.leaderId !== null && lot.leaderId === bid.bidderId;

  // Rule 1's exception: the leader's bid only raises their maximum, so it must exceed it.
  if (isLeader) {
    const current = bid.currentMax ?? (lot.leaderMax as number);
    if (max <= current) return { accepted: false, code: 'MAX_BELOW_CURRENT', currentMax: current };
    const price = withReserve(lot.price as number, max, lot.reserve);
    return outcome(lot, bid.bidderId, max, price, max, null, [bidRow(bid.bidderId, price, max, price)]);
  }

  const minimum = minimumBid({ startingBid: lot.startingBid, currentBid: lot.price }, table);
  if (bid.amount < minimum) return { accepted: false, code: 'BID_TOO_LOW', minimum };
  // Rule 2. Unreachable after the minimum (an outbid bidder's maximum is below the price), kept as the rule's guard.
  if (bid.currentMax !== null && max < bid.currentMax) {
    return { accepted: false, code: 'MAX_BELOW_CURRENT', currentMax: bid.currentMax };
  }

  // Rule 3: the first bid leads at its amount.
  if (lot.leaderId === null || lot.leaderMax === null) {
    const price = withReserve(bid.amount, max, lot.reserve);
    return outcome(lot, bid.bidderId, max, price, max, null, [bidRow(bid.bidderId, price, max, price)]);
  }

  const leaderMax = lot.leaderMax;
  if (max > leaderMax) {
    // Rule 4, the bid takes the lead: the system first bid the old leader up to their maximum.
    const raw = Math.max(bid.amount, Math.min(max, leaderMax + incrementAt(leaderMax, table)));
    const price = withReserve(raw, max, lot.reserve);
    const rows: HistoryRow[] = [];
    if (leaderMax > (lot.price as number)) rows.push(autoRow(lot.leaderId, leaderMax));
    rows.push(bidRow(bid.bidderId, price, max, price));
    return outcome(lot, bid.bidderId, max, price, max, lot.leaderId, rows);
  }

  // Rule 4, the leader keeps the lead (ties go to the earlier maximum) and answers one increment above.
  const raw = Math.min(leaderMax, max + incrementAt(max, table));
  const price = withReserve(raw, leaderMax, lot.reserve);
  const rows = [bidRow(bid.bidderId, max, max, max), autoRow(lot.leaderId, price)];
  return outcome(lot, lot.leaderId, leaderMax, price, max, null, rows);
}

/** Rule 5: a leader whose maximum reaches the reserve pays at least the reserve. */
function withReserve(price: number, leaderMax: number, reserve: number | null): number {
  return reserve !== null && leaderMax >= reserve && price < reserve ? reserve : price;
}

function outcome(
  lot: ProxyLotState,
  leaderId: string,
  leaderMax: number,
  price: number,
  bidderMax: number,
  outbidUserId: string | null,
  rows: HistoryRow[],
): ProxyOutcome {
  const reserveMet = lot.reserve === null ? null : leaderMax >= lot.reserve;
  return { accepted: true, price, leaderId, leaderMax, reserveMet, bidderMax, outbidUserId, rows };
}

const bidRow = (userId: string, amount: number, maxAmount: number, priceAfter: number): HistoryRow => ({
  userId,
  kind: 'bid',
  amount,
  maxAmount,
  priceAfter,
});

const autoRow = (userId: string, amount: number): HistoryRow => ({
  userId,
  kind: 'auto',
  amount,
  maxAmount: null,
  priceAfter: amount,
});
