/**
 * Prices (integer minor units), bids and logistics of one lot, derived from
 * an estimated fair market value in major units.
 */
import { type EventLotStatus, type LotType, SHIPPING_OPTIONS, type ShippingOption } from '@lotline/contracts';
import type { Rng } from './random';
import type { LeafProfile } from './reference/profile';
import { toMinorUnits as minor } from './text';

export type Phase = 'live' | 'past' | 'future';

export interface Pricing {
  currentBidAmount: number | null;
  startingBid: number | null;
  reserveBid: number | null;
  buyItNowPrice: number | null;
  allInPrice: number | null;
  bestOfferEnabled: boolean;
  bidsCount: number;
  /** BIDDING §3 rule 5 for auction lots: the price reaches the reserve; null without a reserve (and for other types). */
  reserveMet: boolean | null;
}

const SOLD = new Set<EventLotStatus>(['Sold', 'OrderPending', 'OrderPaid', 'OrderCancelled']);

/**
 * Open auction lots have no bids: the engine's demo-bids step places them
 * through the real engine after seeding, so that history, maxima and prices
 * obey the rules. Past lots keep a price from before the engine (no bid rows).
 * `withReserve` gives an auction lot a reserve for certain (else about 30%).
 */
export function priceLot(
  rng: Rng,
  type: LotType,
  status: EventLotStatus,
  phase: Phase,
  fmv: number,
  withReserve = false,
): Pricing {
  const p: Pricing = {
    currentBidAmount: null,
    startingBid: null,
    reserveBid: null,
    buyItNowPrice: null,
    allInPrice: null,
    bestOfferEnabled: false,
    bidsCount: 0,
    reserveMet: null,
  };
  if (type === 'BuyItNowItem') {
    const price = fmv * rng.float(0.75, 1.2);
    p.buyItNowPrice = minor(price);
    p.bestOfferEnabled = rng.chance(0.4);
    // The all-in price is computed from the lot by the card read (decision 0045), never stored at random;
    // the draws that used to make one stay, so every later demo value is what it was.
    if (rng.chance(0.3)) rng.float(1.04, 1.15);
    return p;
  }
  const sold = SOLD.has(status);
  if (type === 'TenderLot') {
    if (rng.chance(0.2)) p.startingBid = minor(fmv * rng.float(0.2, 0.4));
    if (rng.chance(0.25)) p.reserveBid = minor(fmv * rng.float(0.5, 0.8));
    // A tender is not a bid: the count stays 0 (the tenders are the demo's, after seeding). The draws that made a
    // count stay, so every later demo value is what it was.
    if (phase === 'live') rng.int(0, 12);
    else if (phase === 'past') {
      if (sold) rng.int(1, 15);
      else rng.int(0, 5);
    }
    // Sealed: the winning amount is known once the lot is awarded. The demo's award reads it from here, writes the
    // tenders and the order, and clears it (an awarded tender lot has no current bid).
    if (sold) p.currentBidAmount = Math.max(minor(fmv * rng.float(0.5, 1.1)), p.reserveBid ?? 0);
    return p;
  }

  if (rng.chance(0.85)) p.startingBid = minor(fmv * rng.float(0.05, 0.3));
  // Above the starting bid (at most 0.3 × fmv) by construction.
  if (withReserve || rng.chance(0.3)) p.reserveBid = minor(fmv * rng.float(0.5, 0.85));
  const opening = (p.startingBid ?? minor(fmv * 0.1)) / 100;
  if (phase === 'past' && sold) {
    p.bidsCount = Math.floor(rng.logUniform(2, 70));
    p.currentBidAmount = Math.max(minor(fmv * rng.float(0.45, 1.05)), p.reserveBid ?? 0);
  } else if (phase === 'past' && status === 'Unsold' && rng.chance(0.5)) {
    // Bids came in but the reserve was not met.
    p.reserveBid ??= minor(fmv * 0.7);
    p.bidsCount = rng.int(1, 4);
    p.currentBidAmount = Math.min(minor((p.reserveBid / 100) * rng.float(0.4, 0.9)), p.reserveBid - 100);
  } else if (phase === 'past' && status === 'Ended') {
    // Ended is an auction lot closed with bids below its reserve, which the seller may still accept (BIDDING §7).
    p.reserveBid ??= minor(fmv * 0.7);
    p.bidsCount = rng.int(1, 6);
    p.currentBidAmount = Math.min(minor(opening * (1 + p.bidsCount * 0.1)), p.reserveBid - 100);
  }
  p.reserveMet = p.reserveBid === null ? null : (p.currentBidAmount ?? 0) >= p.reserveBid;
  return p;
}

export interface Logistics {
  riggingParty: 'seller' | 'buyer' | '3pl' | 'not-required';
  riggingCost: number | null;
  loadingParty: 'seller' | 'buyer' | '3pl' | 'not-required';
  loadingCost: number | null;
  shippingParty: 'seller' | 'buyer' | '3pl';
  shippingOptions: ShippingOption[];
  managedShipping: boolean;
  shippingPackageType: LeafProfile['packaging'][number];
  shippingPackageCount: number;
  marketDemand: 'high' | 'moderate' | 'low' | null;
  forcedLiquidationValue: number | null;
  orderlyLiquidationValue: number | null;
  grossBookValue: number | null;
  netBookValue: number | null;
  transferValue: number | null;
}

export function lotLogistics(rng: Rng, profile: LeafProfile, fmv: number): Logistics {
  const riggingParty = profile.heavy
    ? rng.weighted([
        ['seller', 25],
        ['buyer', 45],
        ['3pl', 30],
      ] as const)
    : rng.weighted([
        ['not-required', 60],
        ['buyer', 25],
        ['seller', 15],
      ] as const);
  const loadingParty = rng.weighted([
    ['seller', 55],
    ['buyer', 30],
    ['3pl', 10],
    ['not-required', 5],
  ] as const);
  const managedShipping = rng.chance(profile.heavy ? 0.15 : 0.3);
  const options = SHIPPING_OPTIONS.filter((o) => rng.chance(o === 'pickup' ? 0.8 : 0.4));
  if (managedShipping && !options.includes('fee')) options.unshift('fee');
  if (options.length === 0) options.push('pickup');
  const packaging = rng.pick(profile.packaging);
  const withValues = rng.chance(0.55);
  const olv = fmv * rng.float(0.75, 1);
  const gross = fmv * rng.float(1.8, 3.5);
  return {
    riggingParty,
    riggingCost:
      profile.heavy && (riggingParty === 'seller' || riggingParty === '3pl')
        ? minor(fmv * rng.float(0.02, 0.08) + 250)
        : null,
    loadingParty,
    loadingCost:
      loadingParty === 'seller' || loadingParty === '3pl' ? minor(rng.float(75, 900) * (profile.heavy ? 3 : 1)) : null,
    shippingParty: rng.weighted([
      ['buyer', 55],
      ['seller', 15],
      ['3pl', 30],
    ] as const),
    shippingOptions: SHIPPING_OPTIONS.filter((o) => options.includes(o)),
    managedShipping,
    shippingPackageType: packaging,
    shippingPackageCount: packaging === 'loose' ? 1 : packaging === 'pieces' ? rng.int(1, 4) : rng.int(1, 12),
    marketDemand: rng.chance(0.1)
      ? null
      : rng.weighted([
          ['high', 25],
          ['moderate', 50],
          ['low', 25],
        ] as const),
    forcedLiquidationValue: withValues ? minor(olv * rng.float(0.5, 0.75)) : null,
    orderlyLiquidationValue: withValues ? minor(olv) : null,
    grossBookValue: withValues ? minor(gross) : null,
    netBookValue: withValues ? minor(gross * rng.float(0.05, 0.6)) : null,
    transferValue: withValues && rng.chance(0.3) ? minor(fmv * rng.float(0.9, 1.2)) : null,
  };
}

/**
 * Managed shipping set by rule instead of by chance, for a lot whose random
 * draws are already made (so no other value moves). Managed shipping is
 * always offered as a shipping option for a fee.
 */
export function managedShippingRule(
  shippingOptions: readonly ShippingOption[],
  managed: boolean,
): Pick<Logistics, 'managedShipping' | 'shippingOptions'> {
  const options = SHIPPING_OPTIONS.filter((o) => (managed && o === 'fee') || shippingOptions.includes(o));
  return { managedShipping: managed, shippingOptions: options };
}
