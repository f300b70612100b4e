import type { PaymentMethod } from '@lotline/contracts';
import type { BiddingStatus } from '@lotline/contracts/enums';
import { isOpenNow, isOver, isUpcoming } from '@lotline/domain';
import type { BidMode } from './bid-input';
import type { BiddingState, BidHistory, Registration } from './shapes';

/**
 * What the bid panel shows (decision 0040), decided from typed data only, so
 * every state is testable without the API: the lot (open, upcoming, over),
 * the person's standing (the contact gate of spec §5: visitor, not verified,
 * terms not agreed, ready), their registration for the event (BIDDING §6),
 * and their bidding status (BIDDING §4).
 */
export type GateKind = 'visitor' | 'unverified' | 'terms' | 'ready';

export type PanelView =
  /** GET bidding failed where the price matters: no bid form can be offered. */
  | { kind: 'unavailable' }
  /** The lot is over; a participant reads their outcome. */
  | { kind: 'closed'; status: BiddingStatus | null }
  | { kind: 'visitor' }
  | { kind: 'unverified' }
  | { kind: 'terms' }
  /** Not registered yet, or the deposit hold failed (`failed`: the card was declined or a renewal failed). */
  | { kind: 'register'; failed: boolean }
  | { kind: 'pending' }
  | { kind: 'declined' }
  /** Registered, the lot has not opened yet. */
  | { kind: 'upcoming' }
  | { kind: 'bid'; mode: BidMode; status: BiddingStatus; standingMax: number | null };

/**
 * Spec §3's `eventRegistered`: the registration is usable for bidding exactly
 * when it is approved and its deposit is held or not required (none at all
 * when the event asks for no deposit).
 */
export function isEventRegistered(registration: Registration | null): boolean {
  if (registration?.status !== 'approved') return false;
  const deposit = registration.deposit;
  return deposit === null || deposit.status === 'held' || deposit.status === 'not-required';
}

/** Statuses in which the person leads an open lot: a new bid only raises their maximum (BIDDING §3 rule 1). */
const LEADING: readonly BiddingStatus[] = ['winning', 'reserve-not-met'];

export interface PanelFacts {
  gate: GateKind;
  bidding: BiddingState | null;
  registration: Registration | null;
  /** The lot's start (ms), from the lot page; null when it has none. */
  startAt: number | null;
  /** The lot page's own reading that the lot is closed, used only when the bidding state could not be read. */
  closed: boolean;
  /** The server's clock (ms). */
  now: number;
}

export function panelView({ gate, bidding, registration, startAt, closed, now }: PanelFacts): PanelView {
  const times = bidding ? { status: bidding.status, endedAt: bidding.endedAt, startAt } : null;
  const status = bidding?.you?.biddingStatus ?? null;
  if (times ? isOver(times, now) : closed) {
    return { kind: 'closed', status: status === 'not-participated' ? null : status };
  }
  // Signing in, verifying and agreeing to the terms need nothing from the bidding state.
  if (gate !== 'ready') return { kind: gate };
  // The API's word first: `you.registered` is the engine's own check of the registration.
  const registered = bidding?.you?.registered ?? isEventRegistered(registration);
  if (!registered) {
    if (registration?.status === 'pending') return { kind: 'pending' };
    if (registration?.status === 'declined') return { kind: 'declined' };
    return { kind: 'register', failed: registration?.deposit?.status === 'failed' };
  }
  if (!bidding || !times) return { kind: 'unavailable' };
  if (!isOpenNow(times, now)) {
    return isUpcoming(bidding.status) || (startAt !== null && startAt > now)
      ? { kind: 'upcoming' }
      : { kind: 'closed', status };
  }
  const youStatus = status ?? 'not-participated';
  return {
    kind: 'bid',
    mode: LEADING.includes(youStatus) ? 'raise' : 'bid',
    status: youStatus,
    standingMax: bidding.you?.maxBidAmount ?? null,
  };
}

/** Everything the bid panel renders first, read on the server with the person's cookies (bid-panel.server.ts). */
export interface BidPanelData {
  bidding: BiddingState | null;
  history: BidHistory | null;
  registration: Registration | null;
  /** The person's cards, when they may still have to register (the deposit's card). */
  cards: PaymentMethod[];
}
