import { ORDER_STATUS, type OrderStatus } from '@lotline/contracts/enums';
import { commissionOn, MARKETPLACE_KEEPS_PREMIUM } from './commission';
import { type FeeKind, type LotFees, mulDivRound, type Party } from './order-pricing';

/**
 * What the seller is owed for one order (decision 0078). Pure: the API reads the order's stored figures and the
 * event's frozen commission and asks this.
 *
 *   gross       = what the buyer paid (succeeded payments, the applied deposit included)
 *   commission  = round-half-up(subtotal × commission bps / 10 000)
 *   seller fees = Σ the lot's fees whose party is `seller` × quantity
 *   net         = gross − tax kept − premium kept (the marketplace's) − commission − seller fees − refunded
 *
 * A refund gives back its share of the invoice: of what was refunded, tax / total was tax and premium / total
 * was the buyer's premium (decision 0091). That tax is no longer owed to the tax authority and that premium is
 * no longer the marketplace's, so `taxMinor` and `premiumMinor` are what is left of them after refunds, and the
 * seller bears only the rest of the refund: subtracting the whole refund and the whole tax and premium would
 * take the refund's tax and premium from the seller twice. Both shares are rounded half up on the sum refunded
 * (tax first, then tax and premium together, so the two never exceed what was refunded).
 *
 * Only a paid order owes anything: a pending one is still being paid (its net is 0 until it is), a cancelled one
 * sold nothing (whatever it kept, a captured deposit, waits for a refund, decision 0062; it is not the seller's).
 * A net that would fall below 0 (refunds and seller fees larger than what is left) is 0 and the difference is the
 * `shortfall`: the marketplace carries it, it is never taken from another order's payout.
 */

export interface NetPayoutInput {
  status: OrderStatus;
  /** What the buyer paid so far, the applied deposit included. */
  paid: number;
  /** Hammer or price × quantity: what the commission is charged on. */
  subtotal: number;
  buyersPremium: number;
  tax: number;
  /** The order's total as invoiced: a refund gives back tax and premium in its proportion. */
  total: number;
  /** Per line: the units sold and the lot's per-unit fees whose party is the seller (`sellerFees(lot)`). */
  lines: readonly { quantity: number; unitSellerFees: readonly { kind: FeeKind; amount: number }[] }[];
  /** Succeeded refunds. */
  refunded: number;
  /** The event's commission, frozen at publishing. */
  commissionBps: number;
}

export interface NetPayout {
  grossMinor: number;
  /** The tax collected and not given back by a refund: what is owed to the tax authority. */
  taxMinor: number;
  /** The buyer's premium not given back by a refund. */
  premiumMinor: number;
  commissionMinor: number;
  sellerFeesMinor: number;
  refundedMinor: number;
  netMinor: number;
  /** What the deductions exceed the gross by (net is then 0); 0 almost always. */
  shortfallMinor: number;
}

/** The fees of a lot the seller pays: those whose party is `seller` and that have a cost. */
export function sellerFees(lot: LotFees): { kind: FeeKind; amount: number }[] {
  const fees: { kind: FeeKind; amount: number }[] = [];
  const add = (kind: FeeKind, cost: number | null, party: Party | null) => {
    if (party === 'seller' && cost !== null && cost > 0) fees.push({ kind, amount: cost });
  };
  add('rigging', lot.riggingCost, lot.riggingParty);
  add('loading', lot.loadingCost, lot.loadingParty);
  add('shipping', lot.shippingCost, lot.shippingParty);
  return fees;
}

function assertMoney(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole minor units ≥ 0`);
}

export function netPayout(input: NetPayoutInput): NetPayout {
  for (const [what, value] of [
    ['paid', input.paid],
    ['subtotal', input.subtotal],
    ['premium', input.buyersPremium],
    ['tax', input.tax],
    ['total', input.total],
    ['refunded', input.refunded],
  ] as const) {
    assertMoney(value, what);
  }
  const gross = input.paid;
  if (input.status === ORDER_STATUS.cancelled) {
    return {
      grossMinor: gross,
      taxMinor: 0,
      premiumMinor: 0,
      commissionMinor: 0,
      sellerFeesMinor: 0,
      refundedMinor: input.refunded,
      netMinor: 0,
      shortfallMinor: 0,
    };
  }
  const commission = commissionOn(input.subtotal, input.commissionBps);
  let fees = 0;
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be ≥ 0');
    for (const f of line.unitSellerFees) {
      assertMoney(f.amount, `${f.kind} fee`);
      fees += f.amount * line.quantity;
    }
  }
  if (!Number.isSafeInteger(fees)) throw new RangeError('amount out of range');
  const back = refundShares(input);
  const taxKept = input.tax - back.tax;
  const premiumKept = input.buyersPremium - back.premium;
  const left = gross - taxKept - (MARKETPLACE_KEEPS_PREMIUM ? premiumKept : 0) - commission - fees - input.refunded;
  const owed = input.status === ORDER_STATUS.paid;
  return {
    grossMinor: gross,
    taxMinor: taxKept,
    premiumMinor: premiumKept,
    commissionMinor: commission,
    sellerFeesMinor: fees,
    refundedMinor: input.refunded,
    netMinor: owed ? Math.max(0, left) : 0,
    shortfallMinor: owed ? Math.max(0, -left) : 0,
  };
}

/**
 * The tax and the premium inside what was refunded. Tax + premium ≤ total, so each share is ≤ its own amount and
 * the two together ≤ what was refunded (rounding is monotone).
 */
function refundShares(input: NetPayoutInput): { tax: number; premium: number } {
  if (input.total === 0 || input.refunded === 0) return { tax: 0, premium: 0 };
  const refunded = Math.min(input.refunded, input.total);
  const total = BigInt(input.total);
  const tax = mulDivRound(refunded, BigInt(input.tax), total);
  const taxAndPremium = mulDivRound(refunded, BigInt(input.tax + input.buyersPremium), total);
  return { tax, premium: taxAndPremium - tax };
}
