import {
  EVENT_LOT_STATUSES,
  type EventLotStatus,
  LEGACY_LOT_STATUSES,
  type LegacyLotStatus,
} from '@lotline/contracts/enums';

/**
 * The life of a lot, in one place (convention 4). The statuses are the
 * contract's enum (`EVENT_LOT_STATUSES`, spec §3); this file says how a lot
 * moves between them and every question the code asks about a status.
 *
 *   Pending ─open─► Active ─end─► Ended ─┬─sell─► Sold ─order─► OrderPending ─┬─pay─────────► OrderPaid
 *                     │                  └─pass─► Unsold                      └─cancelOrder─► OrderCancelled ─resell─► Sold
 *                     ├─sell─► Sold ─restock─► Active   (a buy-now item whose units came back before its end)
 *                     │          └──restockEnded─► Ended (… after its end: over with units left)
 *                     └─pass─► Unsold
 *   Pending, Active ─withdraw─► Unsold    (staff take the lot off sale, decision 0081)
 *
 * The closing clock (decision 0038, `apps/api/src/modules/closing/`) makes the
 * time-driven moves: `open` at the start; at the effective end an auction lot
 * is `pass`ed (no bids), `sell`s (reserve met or none) or `end`s (reserve not
 * met: the seller may accept within RESERVE_ACCEPT_DAYS, then `pass`); buy-now
 * items and tender lots `end` (tenders await the award).
 *
 * Only `change-lot-status.ts` in the API writes a status, through
 * LOT_TRANSITIONS. Legacy lots (spec §3: Active, Paused, Sold, Unsold) are
 * read-only here: nothing moves them. The engine and orders issues add their
 * transitions to LOT_TRANSITIONS, each with its reason.
 */

export type { EventLotStatus, LegacyLotStatus };
export { EVENT_LOT_STATUSES, LEGACY_LOT_STATUSES };
/** A status as a card or page reads it: an event lot's or a legacy lot's. */
export type AnyLotStatus = EventLotStatus | LegacyLotStatus;

const byName = <S extends string>(list: readonly S[]) =>
  Object.fromEntries(list.map((s) => [s, s])) as { readonly [K in S]: K };

/** Each event-lot status by name: code writes `LOT_STATUS.Active`, never the literal (the guard test checks). */
export const LOT_STATUS = byName(EVENT_LOT_STATUSES);
/** Each legacy-lot status by name. */
export const LEGACY_LOT_STATUS = byName(LEGACY_LOT_STATUSES);

const S = LOT_STATUS;

/**
 * The allowed moves. `from` lists every status the move may start in; the one
 * writer refuses any other (a guarded UPDATE … WHERE status = ANY(from)).
 */
export const LOT_TRANSITIONS = {
  // The lot's start time came: bidding or buying opens (the closing clock, at start_at).
  open: { from: [S.Pending], to: S.Active },
  // Its effective end passed and the outcome awaits someone: an auction lot whose reserve was not met
  // (the seller may still accept within RESERVE_ACCEPT_DAYS), a tender lot (the seller's award), a buy-now item.
  end: { from: [S.Active], to: S.Ended },
  // Sold to the leader: at the close when the reserve is met or there is none, a buy-now item bought while
  // open, or from Ended when the seller accepts the leader's price (BIDDING §7) or awards a tender.
  sell: { from: [S.Active, S.Ended], to: S.Sold },
  // No sale: an auction lot closed without bids, or a reserve-not-met lot the seller did not accept in time.
  pass: { from: [S.Active, S.Ended], to: S.Unsold },
  // Closing creates the winner's order.
  order: { from: [S.Sold], to: S.OrderPending },
  // The buyer paid the order.
  pay: { from: [S.OrderPending], to: S.OrderPaid },
  // The order fell through (not paid within the payment window, or cancelled by the seller).
  cancelOrder: { from: [S.OrderPending], to: S.OrderCancelled },
  // The winner did not pay; the runner-up accepted the second-chance offer (BIDDING §8): the lot is sold again,
  // to them, and their order follows (`order`).
  resell: { from: [S.OrderCancelled], to: S.Sold },
  // A sold-out buy-now item gets units back before its end (an order rejected, cancelled or an accepted offer
  // that fell through returned its stock): it is on sale again.
  restock: { from: [S.Sold], to: S.Active },
  // The same after the item's end: the clock's `end` passed it by (it was Sold then), so it becomes what `end`
  // makes of a buy-now item with units left at its end.
  restockEnded: { from: [S.Sold], to: S.Ended },
  // The marketplace takes a lot off sale before it is decided (staff, with a reason the lot page shows;
  // decision 0081). Unsold, the contract's closest status: nothing was sold and nothing more can be done.
  withdraw: { from: [S.Pending, S.Active], to: S.Unsold },
} as const satisfies Record<string, { from: readonly EventLotStatus[]; to: EventLotStatus }>;
export type LotTransition = keyof typeof LOT_TRANSITIONS;

/** BIDDING §7: after a reserve-not-met close the seller may still accept the leader's price this long. */
export const RESERVE_ACCEPT_DAYS = 2;

/** What closing an auction lot at its effective end does (BIDDING §7), from its leader and reserve. */
export function auctionCloseTransition(lot: {
  leaderUserId: string | null;
  reserveMet: boolean | null;
}): Extract<LotTransition, 'pass' | 'sell' | 'end'> {
  if (lot.leaderUserId === null) return 'pass';
  return lot.reserveMet === false ? 'end' : 'sell';
}

/** The transition that moves `from` to `to`, or undefined when the lifecycle has none. */
export function transitionBetween(from: EventLotStatus, to: EventLotStatus): LotTransition | undefined {
  const entries = Object.entries(LOT_TRANSITIONS) as [LotTransition, { from: readonly EventLotStatus[]; to: string }][];
  return entries.find(([, t]) => t.to === to && t.from.includes(from))?.[0];
}

/** Every status a lot may move to `to` from (empty when no transition leads there). */
export function statusesLeadingTo(to: EventLotStatus): EventLotStatus[] {
  const froms: string[] = Object.values(LOT_TRANSITIONS).flatMap((t) => (t.to === to ? [...t.from] : []));
  return EVENT_LOT_STATUSES.filter((s) => froms.includes(s));
}

/** An order exists for the lot (its sale is being settled). */
export const ORDER_STATUSES = [S.OrderPending, S.OrderPaid, S.OrderCancelled] as const;
/** Sold: the sale is decided (spec §4 SOLD: sold, or an order status). */
export const SOLD_STATUSES = [S.Sold, ...ORDER_STATUSES] as const;
/** Past: the close is recorded (spec §5 "past statuses"); whatever the end date says, the lot is over. */
export const PAST_STATUSES = [S.Ended, S.Unsold, ...SOLD_STATUSES] as const;
/**
 * The sold-only past view (spec §5: the past statuses without Unsold). It keeps
 * Ended, closed without the sale recorded yet, as the spec lists it.
 */
export const SOLD_VIEW_STATUSES = PAST_STATUSES.filter((s) => s !== S.Unsold);

const has = (list: readonly string[], status: string) => list.includes(status);

/** Not yet open: scheduled with a start in the future. */
export const isUpcoming = (status: AnyLotStatus): boolean => status === S.Pending;
/** Open for bids or purchase, by status alone (an event lot's or a legacy lot's `Active`). */
export const isActive = (status: AnyLotStatus): boolean => status === S.Active;
/** On sale or about to be: the only statuses in which anything can still be done about the lot. */
export const isOpenOrUpcoming = (status: AnyLotStatus): boolean => isActive(status) || isUpcoming(status);
/** The close is recorded (the status-only reading: the past view of search). */
export const isPast = (status: AnyLotStatus): boolean => has(PAST_STATUSES, status);
/** The sale is decided (spec §4 SOLD). */
export const isSold = (status: AnyLotStatus): boolean => has(SOLD_STATUSES, status);

/** What `isOver` and `isBiddable` read of a lot; times in ms since the epoch, null when unset. */
export interface LotTimes {
  status: AnyLotStatus;
  startAt?: number | null;
  endedAt: number | null;
}

/**
 * Over: the close is recorded, or the end time has passed even if the close
 * has not run yet (spec §5 visibility: "a lot … that is not ended"). A
 * different question from isPast, which only trusts the status.
 */
export function isOver(lot: LotTimes, now: number): boolean {
  return isPast(lot.status) || (lot.endedAt !== null && lot.endedAt <= now);
}

/** Open now: Active, started (or no start), and not ended (or no end, e.g. a buy-now listing). */
export function isOpenNow(lot: LotTimes, now: number): boolean {
  const started = lot.startAt == null || lot.startAt <= now;
  return isActive(lot.status) && started && (lot.endedAt === null || lot.endedAt > now);
}

/** A bid or purchase can be taken now: open now and in stock (quantity ≥ 1). */
export function isBiddable(lot: LotTimes & { quantity: number }, now: number): boolean {
  return isOpenNow(lot, now) && lot.quantity > 0;
}
