import { mulDivRound } from './order-pricing';

/**
 * The marketplace's commission (decision 0078): basis points of what the goods sold for (the hammer or buy-now
 * price × quantity: an order's subtotal), never of the buyer's premium, the tax or the fees the buyer pays.
 * Rounded once per order, half up to the cent, like the premium and the tax (`mulDivRound`), so a statement's
 * totals are sums of per-order figures and add up to the cent.
 */

/** The default when no platform setting has been stored: 10 %. */
export const DEFAULT_COMMISSION_BPS = 1000;
const MAX_COMMISSION_BPS = 10_000;

/**
 * The marketplace keeps the buyer's premium: it is the buyer's side of the marketplace's fee (the commission is
 * the seller's side), so it never reaches the seller. The tax is never the seller's either: the marketplace
 * collects and remits it as marketplace facilitator.
 */
export const MARKETPLACE_KEEPS_PREMIUM = true;

export function isCommissionBps(bps: unknown): bps is number {
  return typeof bps === 'number' && Number.isInteger(bps) && bps >= 0 && bps <= MAX_COMMISSION_BPS;
}

/** The rate an event is published with: the company's override when it has one, else the marketplace default. */
export function commissionBpsFor(companyOverrideBps: number | null, marketplaceDefaultBps: number): number {
  const bps = companyOverrideBps ?? marketplaceDefaultBps;
  if (!isCommissionBps(bps)) throw new RangeError(`commission must be whole basis points 0..10000, got ${bps}`);
  return bps;
}

/** The commission on `baseMinor` (the order's subtotal) at `bps`, half up to the minor unit. */
export function commissionOn(baseMinor: number, bps: number): number {
  if (!Number.isSafeInteger(baseMinor) || baseMinor < 0) throw new RangeError('commission base must be ≥ 0');
  if (!isCommissionBps(bps)) throw new RangeError(`commission must be whole basis points 0..10000, got ${bps}`);
  return mulDivRound(baseMinor, BigInt(bps), 10_000n);
}

/** A rate as people read it: 1000 → "10%", 1250 → "12.5%". */
export function commissionRateLabel(bps: number): string {
  return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
